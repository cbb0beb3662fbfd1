import { isReasoningOrToolTurn, type HarnMessage } from '../../strategies/harn-message';

/** Where seed 3 cuts: messages `[compactStart, split)` are archived into the summary. */
export interface TwoTierSplit {
  compactStart: number;
  split: number;
  /** True when no user message was found to snap to and the naive `len − keep_last` split was used. */
  isNaiveFallback: boolean;
}

/**
 * Seed 3's split (spec §3.4 steps 1–6), or undefined for a no-op. The split snaps back to a user message, falls
 * back to the naive `len − keep_last` when none is in range, then the reasoning/tool guard moves it to the last user
 * message before the first tool or reasoning turn at or after it (which can move it later). Quirk kept on purpose:
 * after the naive fallback no such user message exists, so the split can separate tool calls from their results.
 */
export function findSplit(messages: readonly HarnMessage[], keepFirst: number, keepLast: number): TwoTierSplit | undefined {
  const length = messages.length;
  if (length <= keepFirst + keepLast) return undefined;
  const compactStart = Math.min(keepFirst, length);
  const originalSplit = length - keepLast;
  let split = originalSplit;
  while (split > compactStart && split < length && messages[split].role !== 'user') split -= 1;
  const hasFallenBack = split === compactStart;
  if (hasFallenBack) split = originalSplit;
  let volatileIndex = -1;
  for (let index = split; index < length; index++) {
    if (isReasoningOrToolTurn(messages[index])) {
      volatileIndex = index;
      break;
    }
  }
  if (volatileIndex >= 0) {
    let boundary = -1;
    for (let index = volatileIndex - 1; index >= 0; index--) {
      if (messages[index].role === 'user') {
        boundary = index;
        break;
      }
    }
    if (boundary > compactStart) split = boundary;
  }
  if (split <= compactStart) return undefined;
  return { compactStart, split, isNaiveFallback: hasFallenBack && split === originalSplit };
}
