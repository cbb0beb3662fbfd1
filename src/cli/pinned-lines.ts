import { pinnedLinesOf, type LabConfig } from '../engine/config';
import { messageText } from '../engine';
import type { Message } from '../engine/transcript';

/**
 * How many pinned operative lines of the config appear verbatim in the compacted output, the lines read as the run's
 * profile reads them (the engine's one rule, as Diff, A/B and retention use it).
 */
export function pinnedLineSurvival(config: LabConfig, system: Message | undefined, messages: readonly Message[]): { total: number; survived: number } {
  const lines = pinnedLinesOf(config);
  const output = [system, ...messages].filter((message): message is Message => message !== undefined).map(messageText).join('\n');
  return { total: lines.length, survived: lines.filter((line) => output.includes(line)).length };
}
