/** How a piece of message text is drawn: plain, added or removed by the pass, or a pinned line. */
type Tone = 'plain' | 'added' | 'removed' | 'pinned';

/** A piece of message text with its tone. */
export interface TextPart {
  text: string;
  tone: Tone;
}

/** What a collapsed view draws: text parts, and gaps standing for characters left out until "Show all". */
export type ShownPart = TextPart | { tone: 'elided'; text: ''; count: number };

/** Characters a collapsed view shows before cutting (the same as the transcript's collapsible text). */
export const collapsedCharacters = 1200;

/** Plain characters kept on each side of a change when the plain text between changes is elided. */
export const contextCharacters = 200;

/** Upper bound of characters a collapsed view shows even when changes are spread far apart. */
const collapsedMaxCharacters = 4000;

/**
 * Where a preview of `text`'s last `size` characters starts: at the start of the line it would open in when that line
 * is at most `size` longer, else at the next line start, else at the next word, so a preview never opens mid-word.
 */
export function tailStart(text: string, size: number): number {
  const from = text.length - size;
  if (from <= 0) return 0;
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  if (from - lineStart <= size) return lineStart;
  const nextLine = text.indexOf('\n', from);
  if (nextLine >= 0 && nextLine < text.length - 1) return nextLine + 1;
  const nextWord = text.indexOf(' ', from);
  return nextWord >= 0 && nextWord < text.length - 1 ? nextWord + 1 : from;
}

/**
 * Where a preview of `text`'s first `size` characters ends: at the end of the line it would stop in when that line
 * ends at most `size` later, else at the previous line end, else at the previous word, so it never stops mid-word.
 */
export function headEnd(text: string, size: number): number {
  if (size >= text.length) return text.length;
  const lineEnd = text.indexOf('\n', size);
  if (lineEnd >= 0 && lineEnd - size <= size) return lineEnd + 1;
  if (lineEnd < 0 && text.length - size <= size) return text.length;
  return boundaryBefore(text, size);
}

/** The last line end (else word end) at or before `size`, or `size` itself when the text has neither before it. */
function boundaryBefore(text: string, size: number): number {
  if (size >= text.length) return text.length;
  const previousLine = text.lastIndexOf('\n', size - 1);
  if (previousLine > 0) return previousLine + 1;
  const previousWord = text.lastIndexOf(' ', size);
  return previousWord > 0 ? previousWord + 1 : size;
}

function total(parts: readonly TextPart[]): number {
  let sum = 0;
  for (const part of parts) sum += part.text.length;
  return sum;
}

/**
 * The collapsed form of a long text: plain runs between changes shrink to some context on each side (so every change
 * near the top is visible without expanding), long deletions shrink to their two ends, and the whole view stops at a
 * budget. Short texts come back unchanged;
 * `isCut` tells whether "Show all" has anything more to show.
 */
export function collapseParts(parts: readonly TextPart[]): { parts: ShownPart[]; isCut: boolean } {
  const length = total(parts);
  if (length <= collapsedCharacters) return { parts: [...parts], isCut: false };
  const hasHighlights = parts.some((part) => part.tone !== 'plain');
  const budget = hasHighlights ? collapsedMaxCharacters : collapsedCharacters;
  const shown: ShownPart[] = [];
  let used = 0;
  let isCut = false;
  const elide = (count: number) => {
    if (count <= 0) return;
    isCut = true;
    const last = shown[shown.length - 1];
    if (last?.tone === 'elided') last.count += count;
    else shown.push({ tone: 'elided', text: '', count });
  };
  parts.forEach((part, index) => {
    if (used >= budget) return elide(part.text.length);
    let head = part.text;
    let tail = '';
    if (hasHighlights && part.tone === 'plain' && part.text.length > 2 * contextCharacters) {
      // Context matters only next to a change: the first run keeps its end, the last run its start.
      head = index === 0 ? '' : part.text.slice(0, headEnd(part.text, contextCharacters));
      tail = index === parts.length - 1 ? '' : part.text.slice(tailStart(part.text, contextCharacters));
      if (head.length + tail.length >= part.text.length) {
        head = part.text;
        tail = '';
      }
    } else if (part.tone === 'removed' && part.text.length > 2 * contextCharacters) {
      // A long deletion (a masked tool output) reads as its two ends; the output's own text is what matters more.
      head = part.text.slice(0, headEnd(part.text, contextCharacters));
      tail = part.text.slice(tailStart(part.text, contextCharacters));
      if (head.length + tail.length >= part.text.length) {
        head = part.text;
        tail = '';
      }
    }
    const room = budget - used;
    if (head.length > room) {
      // The budget runs out inside this part: stop at a line (or word) boundary, never mid-word.
      const end = boundaryBefore(head, room);
      if (end > 0) shown.push({ text: head.slice(0, end), tone: part.tone });
      used = budget;
      return elide(part.text.length - end);
    }
    if (head) shown.push({ text: head, tone: part.tone });
    elide(part.text.length - head.length - tail.length);
    if (tail) shown.push({ text: tail, tone: part.tone });
    used += head.length + tail.length;
  });
  return { parts: shown, isCut };
}
