/**
 * Cuts over-deep nesting out of JSON text before JSON.parse sees it. JSON.parse copes with any depth, but its time
 * grows with it: a 400 KB line of `[[[…]]]` (200,000 levels) takes a quarter of a second or more, so a file of a few
 * such lines took seconds to read, only for `limitNesting` to throw the deep part away. Here a container that opens
 * deeper than the kept depth is replaced, in the text, by `0`, found with one pass that skips strings by `indexOf`.
 * The parsed value then holds every container `limitNesting` would see down to the kept depth, so its cuts, and the
 * import report's words about them, are the same as before.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const NON_BLANK = /\S/g;

/** What a scan of JSON text found: the text with over-deep containers cut (the same string when nothing was), and whether more follows its first value. */
export interface NestingScan {
  text: string;
  /** Where non-blank text follows the first complete value (a JSONL file read as one document), when `stopAfterFirstValue` and it does. */
  trailingAt?: number;
}

/** The index of the quote that closes the string opening at `open`, or the text's length when none does. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/** The index of the bracket that closes the container opening at `open` (strings skipped), or the last index when none does. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) index = closingQuote(text, index);
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) depth += 1;
    else if ((code === CLOSE_ARRAY || code === CLOSE_OBJECT) && --depth === 0) return index;
  }
  return text.length - 1;
}

/**
 * Replaces every container that opens deeper than `keptDepth` (the top value is depth 1) with `0`. With
 * `stopAfterFirstValue`, stops where the first complete value is followed by more text and says where (that text is
 * no single JSON document, so the caller need not parse it as one). Text that parsed parses to the same value down to
 * the kept depth; malformed text is scanned as well as it can be and left for JSON.parse to reject (a fault inside a
 * cut part goes unseen, as that part is dropped anyway).
 */
export function cutDeepNesting(text: string, keptDepth: number, stopAfterFirstValue = false): NestingScan {
  // A value nested deeper than the kept depth needs more brackets than a short text holds.
  if (text.length <= keptDepth * 2) return { text };
  const pieces: string[] = [];
  let copiedTo = 0;
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = closingQuote(text, index);
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (depth === keptDepth) {
        const close = closingBracket(text, index);
        pieces.push(text.slice(copiedTo, index), '0');
        copiedTo = close + 1;
        index = close;
      } else {
        depth += 1;
      }
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
      if (depth === 0 && stopAfterFirstValue) {
        NON_BLANK.lastIndex = index + 1;
        const next = NON_BLANK.exec(text);
        if (next) return { text: joined(pieces, text, copiedTo), trailingAt: next.index };
      }
    }
  }
  return { text: joined(pieces, text, copiedTo) };
}

function joined(pieces: string[], text: string, copiedTo: number): string {
  return pieces.length === 0 ? text : pieces.join('') + text.slice(copiedTo);
}
