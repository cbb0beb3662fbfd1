import { diffLines, diffWords } from 'diff';

/** One piece of an inline diff: shared text, or text only the original (`removed`) or only the output (`added`) has. */
interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** An inline diff, or why there is none. */
export type InlineDiff =
  | { kind: 'same' }
  | { kind: 'parts'; granularity: 'words' | 'lines'; parts: DiffPart[] }
  | { kind: 'too-large'; charsBefore: number; charsAfter: number };

/** Largest pair (characters, both sides) diffed word by word; word tokens make Myers's work grow fast. */
export const wordDiffMaxChars = 20_000;

/** Largest pair diffed line by line; beyond it only the sizes are shown (a 1 MB tool output must not freeze the page). */
export const lineDiffMaxChars = 1_000_000;

/**
 * Edit distance (in tokens: words or lines) at which jsdiff gives up. Its work grows with the square of this, so two
 * long texts that share little end early instead of exploring every alignment; such pairs get the size note.
 */
const maxEditTokens = 300;

function toParts(changes: { value: string; added: boolean; removed: boolean }[]): DiffPart[] {
  return changes.map((change) => ({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'same' }));
}

/** Where a cut may fall: next to whitespace (either side), so no word is ever split between parts. */
function isBoundary(text: string, index: number): boolean {
  return index === 0 || index === text.length || /\s/.test(text[index - 1]) || /\s/.test(text[index]);
}

/** Lengths of the shared head and tail, snapped to boundaries and never overlapping in the shorter text. */
function sharedEnds(before: string, after: string): { head: number; tail: number } {
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  while (head > 0 && !(isBoundary(before, head) && isBoundary(after, head))) head--;
  let tail = 0;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  while (tail > 0 && !(isBoundary(before, before.length - tail) && isBoundary(after, after.length - tail))) tail--;
  return { head, tail };
}

function diffMiddle(before: string, after: string): { granularity: 'words' | 'lines'; parts: DiffPart[] } | undefined {
  const total = before.length + after.length;
  if (total <= wordDiffMaxChars) {
    const words = diffWords(before, after, { maxEditLength: maxEditTokens });
    if (words) return { granularity: 'words', parts: toParts(words) };
  }
  if (total <= lineDiffMaxChars) {
    const lines = diffLines(before, after, { maxEditLength: maxEditTokens });
    if (lines) return { granularity: 'lines', parts: toParts(lines) };
  }
  return undefined;
}

/**
 * Diffs two message texts with work capped per message. The shared head and tail are split off first (a linear scan),
 * so a small edit inside a huge text stays cheap; the middle is diffed by words when small, by lines when larger (or
 * when the word diff gives up), and only sizes are reported when even the line diff would be too much.
 */
export function inlineDiff(before: string, after: string): InlineDiff {
  if (before === after) return { kind: 'same' };
  const { head, tail } = sharedEnds(before, after);
  const middle = diffMiddle(before.slice(head, before.length - tail), after.slice(head, after.length - tail));
  if (!middle) return { kind: 'too-large', charsBefore: before.length, charsAfter: after.length };
  const parts: DiffPart[] = [];
  if (head > 0) parts.push({ text: before.slice(0, head), change: 'same' });
  parts.push(...middle.parts);
  if (tail > 0) parts.push({ text: before.slice(before.length - tail), change: 'same' });
  return { kind: 'parts', granularity: middle.granularity, parts };
}
