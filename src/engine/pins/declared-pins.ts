import { isJsonObject, type JsonObject } from '../json-value';
import { collectPins, type OperativeSkill, type Pin, type PinStyle } from './collect-pins';

/** The operative skill the page's "Pin" buttons add lines to. */
const pinnedSkillName = 'pinned';

function asSkill(value: unknown, index: number): OperativeSkill | undefined {
  if (!isJsonObject(value)) return undefined;
  const { name, operative, isRead } = value;
  if (!Array.isArray(operative)) return undefined;
  return {
    name: typeof name === 'string' ? name : `skill ${index + 1}`,
    operative: operative.filter((line): line is string => typeof line === 'string'),
    isRead: isRead === true,
  };
}

/**
 * The pins a flat config document declares (`operativeSkills[].operative[]`), read in `style` as the run reads them
 * (trimmed or folded, over-long lines rejected or cut, de-duplicated). Skills that are not objects with an `operative`
 * list are passed over: the schema reports them when the config runs. Which style a profile reads is its meta's
 * (`declaredPins` in `engine/config` picks it).
 */
export function pinsIn(config: JsonObject, style: PinStyle): Pin[] {
  if (!Array.isArray(config.operativeSkills)) return [];
  const skills = config.operativeSkills.map(asSkill).filter((skill): skill is OperativeSkill => skill !== undefined);
  return collectPins(skills, style);
}

/**
 * A copy of the document with `line` added to its `pinned` operative skill (made when missing), or undefined when the
 * skill already holds the line. Other skills, and every other field, are kept as they were.
 */
export function withPinnedLine<Document extends JsonObject>(config: Document, line: string): Document | undefined {
  const skills: unknown[] = Array.isArray(config.operativeSkills) ? [...config.operativeSkills] : [];
  const at = skills.findIndex((skill) => isJsonObject(skill) && skill.name === pinnedSkillName);
  const existing = at >= 0 && isJsonObject(skills[at]) ? skills[at] : undefined;
  const lines: unknown[] = Array.isArray(existing?.operative) ? existing.operative : [];
  if (lines.includes(line)) return undefined;
  const skill = { ...existing, name: pinnedSkillName, operative: [...lines, line] };
  if (at >= 0) skills[at] = skill;
  else skills.push(skill);
  return { ...config, operativeSkills: skills };
}
