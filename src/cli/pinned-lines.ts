import type { LabConfig } from '../engine/config/lab-config';
import { messageText } from '../engine/tokens/message-text';
import type { Message } from '../engine/transcript/model';

/** How many pinned operative lines of the config appear verbatim in the compacted output. */
export function pinnedLineSurvival(config: LabConfig, system: Message | undefined, messages: readonly Message[]): { total: number; survived: number } {
  const skills = (config.parameters.operativeSkills as { operative?: string[] }[] | undefined) ?? [];
  const lines = skills.flatMap((skill) => skill.operative ?? []).filter((line) => line.trim() !== '');
  const output = [system, ...messages].filter((message): message is Message => message !== undefined).map(messageText).join('\n');
  return { total: lines.length, survived: lines.filter((line) => output.includes(line)).length };
}
