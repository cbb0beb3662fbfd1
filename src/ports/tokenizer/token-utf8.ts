/**
 * UTF-8 encodes `text` into a byte string: one char per byte, code 0–255 ("binary string").
 * Byte strings are the keys of our rank tables, so a BPE merge is a `slice` plus a `Map` lookup.
 * Lone surrogates become U+FFFD (EF BF BD), exactly as `TextEncoder` (used by js-tiktoken) does.
 */
export function toByteString(text: string): string {
  if (isAscii(text)) return text;
  const bytes: number[] = [];
  const length = text.length;
  for (let index = 0; index < length; index++) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      bytes.push(code);
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const low = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index++;
        bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
      } else {
        bytes.push(0xef, 0xbf, 0xbd);
      }
    } else {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    }
  }
  return bytesToByteString(bytes);
}

/** Turns byte values into a byte string, in chunks so huge inputs stay under the engine's argument limit. */
export function bytesToByteString(bytes: ArrayLike<number>): string {
  const chunkSize = 8192;
  if (bytes.length <= chunkSize) return String.fromCharCode.apply(null, bytes as number[]);
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) {
    chunks.push(String.fromCharCode.apply(null, Array.prototype.slice.call(bytes, start, start + chunkSize) as number[]));
  }
  return chunks.join('');
}

const nonAsciiPattern = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex -- the ASCII range starts at NUL

/** True when every UTF-16 unit is ASCII, so the text already is its own byte string. */
export function isAscii(text: string): boolean {
  return !nonAsciiPattern.test(text);
}
