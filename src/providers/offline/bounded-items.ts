/** Item-level text helpers shared by the offline summarizer: one-line clipping, de-duplication keys, merging. */

/**
 * Collapses whitespace to single spaces and clips to `maxChars` with a visible `…`, never inside a word: the cut falls
 * at the last space in the last half of the room, else at the last punctuation (`/`, `.`, `,`, …) there, so a path or
 * a command is cut between its parts. Only one unbroken run of letters longer than half the
 * room is cut where the room ends (and never between a surrogate pair).
 */
export function clipItem(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  return `${wordSafeHead(flat, Math.max(0, maxChars - 1))}…`;
}

// Letters, digits and `_` make up a word: a cut between two of them splits it.
const wordChar = /[\p{L}\p{N}_]/u;

/**
 * The longest start of `text` of at most `room` characters that ends at a word's end: at a space when one is in the
 * last half, else at a punctuation mark there, else at the last space or mark at all; trailing spaces and a dangling
 * opener dropped. Only a text that opens with one word longer than the room is cut inside it.
 */
export function wordSafeHead(text: string, room: number): string {
  if (text.length <= room) return text;
  const isBoundary = (index: number) => !(wordChar.test(text[index - 1] ?? '') && wordChar.test(text[index] ?? ''));
  const space = text.lastIndexOf(' ', room);
  let end = text[room] === ' ' ? room : space >= room / 2 ? space : -1;
  for (let index = room; index > 0 && end === -1; index--) if (isBoundary(index)) end = index;
  if (end <= 0) end = room;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  // A cut right after an opening bracket or quote, a comma or a colon would dangle before the ellipsis.
  return text.slice(0, end).replace(/(?:\s["'`]|[\s([{“‘,;:])+$/, '');
}

/** The longest end of `text` of at most `room` characters that starts at a word's start (the mirror of `wordSafeHead`); '' when none does. */
export function wordSafeTail(text: string, room: number): string {
  if (text.length <= room) return text;
  const start = text.length - room;
  const isBoundary = (index: number) => !(wordChar.test(text[index - 1] ?? '') && wordChar.test(text[index] ?? ''));
  const space = text.indexOf(' ', start);
  let from = text[start - 1] === ' ' ? start : space !== -1 && space < start + room / 2 ? space + 1 : -1;
  for (let index = start; index < text.length && from === -1; index++) if (isBoundary(index)) from = index;
  if (from === -1) return '';
  const code = text.charCodeAt(from);
  if (code >= 0xdc00 && code <= 0xdfff) from += 1;
  return text.slice(from).replace(/^[\s)\]}”’,;:.]+/, '');
}

/** The key two items are considered the same under: case, spacing and list markers do not matter. */
export function itemKey(text: string): string {
  return stripListMarker(text.replace(/\s+/g, ' ').trim())
    .replace(/^["'“]+|["'”.]+$/g, '')
    .toLowerCase();
}

/** Removes a leading `- `, `* `, `- [ ] `, `- [x] ` or `3. ` so items from a previous summary compare with new ones. */
export function stripListMarker(line: string): string {
  return line.replace(/^\s*(?:[-*+]\s+)?(?:\[[ xX]\]\s+)?(?:\d{1,3}[.)]\s+)?/, '');
}

/** Keeps the first occurrence of every key, in order. */
function uniqueItems(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const key = itemKey(item);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

/** A previous summary's items and the new ones not already among them, each de-duplicated. */
interface MergedItems {
  old: string[];
  added: string[];
}

/** A previous summary's items, each once, and the new items that are not among them. */
export function mergeItems(earlier: readonly string[], fresh: readonly string[]): MergedItems {
  const old = uniqueItems(earlier);
  const oldKeys = new Set(old.map(itemKey));
  return { old, added: uniqueItems(fresh).filter((item) => !oldKeys.has(itemKey(item))) };
}
