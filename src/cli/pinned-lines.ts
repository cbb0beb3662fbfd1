import type { LabConfig } from '../engine/config/lab-config';
import { pinnedLinesOf } from '../engine/compare/ab-compare';
import { messageText } from '../engine/tokens/message-text';
import type { Message } from '../engine/transcript/model';

/**
 * How many pinned operative lines of the config appear verbatim in the compacted output, the lines read as the run's
 * profile reads them (the engine's one rule, as Diff, A/B and retention use it).
 */
export function pinnedLineSurvival(config: LabConfig, system: Message | undefined, messages: readonly Message[]): { total: number; survived: number } {
  const lines = pinnedLinesOf(config.parameters, config.profile);
  const output = [system, ...messages].filter((message): message is Message => message !== undefined).map(messageText).join('\n');
  return { total: lines.length, survived: lines.filter((line) => output.includes(line)).length };
}
