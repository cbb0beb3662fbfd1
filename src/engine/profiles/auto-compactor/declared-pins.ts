import { isProfileId, profileMeta } from '../meta';
import type { OperativeSkill } from './auto-compactor-config';
import { collectPins, type Pin, type PinStyle } from './pinned-operative';

function asSkill(value: unknown, index: number): OperativeSkill | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, operative, isRead } = value as Record<string, unknown>;
  if (!Array.isArray(operative)) return undefined;
  return {
    name: typeof name === 'string' ? name : `skill ${index + 1}`,
    operative: operative.filter((line): line is string => typeof line === 'string'),
    isRead: isRead === true,
  };
}

/** How a profile reads its pinned lines, from its meta (the Dart manifest parser's way unless the meta says otherwise). */
function pinStyleOf(profile: unknown): PinStyle {
  return isProfileId(profile) ? (profileMeta[profile].pinStyle ?? 'seed') : 'seed';
}

/**
 * The pins a config document declares (`operativeSkills[].operative[]`), read exactly as its profile's run reads them
 * (trimmed or folded, over-long lines rejected or cut, de-duplicated), so every check of "was this line kept" looks
 * for what the summarizer was told to copy. `profile` defaults to the document's own (`auto-compactor` when absent,
 * as the config reader defaults it); a config with no skills declares none.
 */
export function declaredPins(config: unknown, profile?: string): Pin[] {
  if (typeof config !== 'object' || config === null) return [];
  const declared = config as { operativeSkills?: unknown; profile?: unknown };
  if (!Array.isArray(declared.operativeSkills)) return [];
  const skills = declared.operativeSkills.map(asSkill).filter((skill): skill is OperativeSkill => skill !== undefined);
  return collectPins(skills, pinStyleOf(profile ?? declared.profile ?? 'auto-compactor'));
}
