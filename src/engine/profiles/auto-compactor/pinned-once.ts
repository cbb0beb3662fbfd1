/**
 * The turn-prefix summary of a split turn without the pinned lines the history summary already carries: both calls
 * are told to copy every pin (as upstream does), so a summarizer that obeys writes the block twice into one summary.
 * A line of the prefix is dropped when the history summary holds the same line and it is a line of the block's header
 * or holds a pin; every other line stays. Only `unified` asks for this (its upstream-deviations: one pinned block per
 * summary); the auto-compactor joins the two outputs as they are, as upstream does.
 */
export function withoutRepeatedPins(prefix: string, history: string, pins: ReadonlySet<string>, blockHeader: string): string {
  if (pins.size === 0) return prefix;
  const historyLines = new Set(history.split('\n').map((line) => line.trim()).filter((line) => line !== ''));
  const headerLines = new Set(blockHeader.split('\n').map((line) => line.trim()).filter((line) => line !== ''));
  const isPinLine = (line: string) => headerLines.has(line) || [...pins].some((pin) => line.includes(pin));
  const lines = prefix.split('\n');
  const kept = lines.filter((line) => {
    const trimmed = line.trim();
    return !(historyLines.has(trimmed) && isPinLine(trimmed));
  });
  return kept.length === lines.length ? prefix : kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
