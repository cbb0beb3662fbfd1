/**
 * One record of the seed's session branch, reduced to what the cut-point rules read. Our messages map to `message`
 * records; the other kinds exist so the seed's rules (and its tests) are reproduced whole.
 */
export type CutEntry =
  | { kind: 'message'; role: 'user' | 'assistant' | 'toolResult'; tokens: number }
  | { kind: 'branch-summary' }
  | { kind: 'custom-message' }
  | { kind: 'compaction' }
  /** Neither message nor compaction, e.g. a thinking-level change: it stays with the kept region. */
  | { kind: 'other' };

/** Where to cut: the first kept index, and the start of the turn the cut splits (−1 when none). */
export interface CutPoint {
  firstKeptIndex: number;
  turnStartIndex: number;
  isSplitTurn: boolean;
}

/**
 * What the cut does when the tail keepRecentTokens asks for cannot be kept within it. `keep-everything` is the seed's
 * rule: the cut is the first valid cut point at or after the message that crosses the budget, which is kept whole
 * however large; and when none follows (the budget is crossed inside the newest run of tool results, often one large
 * result) the cut falls back to the first valid cut point, so the pass summarizes nothing and replaces nothing.
 * `summarize-oversized` gives the summary what the tail cannot hold: a crossing message larger than the whole budget is
 * not kept (the cut moves to the next valid cut point after it), and with no valid cut point left the tail is empty —
 * the summary takes everything, the newest call and its large result too.
 */
export type OversizedTailRule = 'keep-everything' | 'summarize-oversized';

/** Valid cut points: message records that are not tool results, plus branch summaries and custom messages. */
function isValidCutPoint(entry: CutEntry): boolean {
  if (entry.kind === 'message') return entry.role !== 'toolResult';
  return entry.kind === 'branch-summary' || entry.kind === 'custom-message';
}

/** Walks back from `entryIndex` to the record that starts its turn: a user message, branch summary or custom message. */
export function findTurnStartIndex(entries: readonly CutEntry[], entryIndex: number, startIndex: number): number {
  for (let index = entryIndex; index >= startIndex; index--) {
    const entry = entries[index];
    if (entry.kind === 'branch-summary' || entry.kind === 'custom-message') return index;
    if (entry.kind === 'message' && entry.role === 'user') return index;
  }
  return -1;
}

/**
 * The seed's `findCutPoint` (§1.5): walking back from the end over message records, at the first index where the sum
 * reaches `keepRecentTokens` (≥) the cut is the first valid cut point at or after it — so the kept region never starts
 * with a tool result. When none follows, `oversizedTail` decides (the seed keeps everything; `summarize-oversized`
 * keeps nothing, `firstKeptIndex` = `endIndex`). Non-message records just before the cut stay kept. A cut on a non-user
 * record splits a turn.
 */
export function findCutPoint(entries: readonly CutEntry[], startIndex: number, endIndex: number, keepRecentTokens: number, oversizedTail: OversizedTailRule = 'keep-everything'): CutPoint {
  const cutPoints: number[] = [];
  for (let index = startIndex; index < endIndex; index++) if (isValidCutPoint(entries[index])) cutPoints.push(index);
  if (cutPoints.length === 0) return { firstKeptIndex: startIndex, turnStartIndex: -1, isSplitTurn: false };
  let cutIndex = cutPoints[0];
  let accumulated = 0;
  for (let index = endIndex - 1; index >= startIndex; index--) {
    const entry = entries[index];
    if (entry.kind !== 'message') continue;
    accumulated += entry.tokens;
    if (accumulated >= keepRecentTokens) {
      const isOversized = oversizedTail === 'summarize-oversized';
      // A crossing message larger than the whole budget would alone overrun the tail: the summary takes it.
      const from = isOversized && entry.tokens > keepRecentTokens ? index + 1 : index;
      const found = cutPoints.find((candidate) => candidate >= from);
      if (found !== undefined) cutIndex = found;
      // No tail: the kept region is empty, so nothing after it can start with a tool result.
      else if (isOversized) return { firstKeptIndex: endIndex, turnStartIndex: -1, isSplitTurn: false };
      break;
    }
  }
  while (cutIndex > startIndex) {
    const previous = entries[cutIndex - 1];
    if (previous.kind === 'compaction' || previous.kind === 'message') break;
    cutIndex--;
  }
  const cutEntry = entries[cutIndex];
  const isUserMessage = cutEntry.kind === 'message' && cutEntry.role === 'user';
  const turnStartIndex = isUserMessage ? -1 : findTurnStartIndex(entries, cutIndex, startIndex);
  return { firstKeptIndex: cutIndex, turnStartIndex, isSplitTurn: !isUserMessage && turnStartIndex !== -1 };
}
