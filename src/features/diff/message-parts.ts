import type { InlineDiff } from './inline-diff';
import type { TextPart } from './collapse-parts';
import { pinnedSegments } from './pinned-lines';

/** A message text as parts, with the pinned lines it contains marked. */
export function plainParts(text: string, pinnedLines: readonly string[]): TextPart[] {
  if (pinnedLines.length === 0) return [{ text, tone: 'plain' }];
  return pinnedSegments(text, pinnedLines).map((segment) => ({ text: segment.text, tone: segment.isPinned ? 'pinned' : 'plain' }));
}

/** An inline diff as parts: shared text plain, the output's own text added, the original's own text removed. */
export function diffParts(diff: Extract<InlineDiff, { kind: 'parts' }>): TextPart[] {
  return diff.parts.map((part) => ({ text: part.text, tone: part.change === 'same' ? 'plain' : part.change }));
}
