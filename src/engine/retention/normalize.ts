/** True for whitespace as `\s` sees it (ASCII and Unicode spaces). */
function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

// Quotes and backticks carry no meaning a summary must keep: `foo` and "foo" and foo are the same fact.
function isQuoteCode(code: number): boolean {
  return code === 34 || code === 39 || code === 96 || code === 0x2018 || code === 0x2019 || code === 0x201c || code === 0x201d;
}

const decoder = new TextDecoder('utf-16le');
const lowerCodes = new Map<number, number>();

/** The lower-case form of one UTF-16 unit (kept as is when lower-casing would change its length, like `İ`). */
function lowerCode(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  let lower = lowerCodes.get(code);
  if (lower === undefined) {
    const lowered = String.fromCharCode(code).toLowerCase();
    lower = lowered.length === 1 ? lowered.charCodeAt(0) : code;
    lowerCodes.set(code, lower);
  }
  return lower;
}

/**
 * The comparable form of any text: case-folded, quotes and backticks removed, whitespace collapsed to one space.
 * Applied to both facts and the compacted context, so an exact match always survives it. One pass over the text:
 * contexts run to megabytes.
 */
export function normalizeText(text: string): string {
  const out = new Uint16Array(text.length);
  let length = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isQuoteCode(code)) {
      index++;
    } else if (isSpaceCode(code)) {
      while (index < text.length && (isSpaceCode(text.charCodeAt(index)) || isQuoteCode(text.charCodeAt(index)))) index++;
      out[length++] = 32;
    } else {
      out[length++] = lowerCode(code);
      index++;
    }
  }
  return decoder.decode(out.subarray(0, length));
}

/** A fact's comparable form: `normalizeText`, trimmed, without wrapping brackets or trailing punctuation. */
export function normalizeFact(text: string): string {
  return normalizeText(text).trim().replace(/^[([{<]+/, '').replace(/[.,;:!?)\]}>]+$/, '').trim();
}

/** True for the characters words are made of: ASCII letters, digits and `_` (the boundaries of a whole-word match). */
export function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || (code >= 65 && code <= 90);
}

/** Cuts text to at most `max` characters at a word boundary, so a cut fact still matches whole words. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd();
}
