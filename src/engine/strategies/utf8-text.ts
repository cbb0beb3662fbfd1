/**
 * Byte-offset helpers over JavaScript strings, so strategies ported from Rust (which slices `&str` by UTF-8 bytes)
 * cut at the same places. Offsets in and out of these helpers are UTF-8 byte offsets unless a name says otherwise.
 */

/** Bytes one UTF-16 code unit at `index` starts, and how many code units that character spans. */
function characterAt(text: string, index: number): { bytes: number; units: number } {
  const code = text.charCodeAt(index);
  if (code < 0x80) return { bytes: 1, units: 1 };
  if (code < 0x800) return { bytes: 2, units: 1 };
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

/**
 * Converts a byte offset to a UTF-16 index on a character boundary: `floor` moves back to the start of the
 * character the byte falls in (Rust `floor_char_boundary`), `ceil` moves forward past it (`ceil_char_boundary`).
 * Returns the boundary as both a UTF-16 index and a byte offset.
 */
export function charBoundary(text: string, byteOffset: number, direction: 'floor' | 'ceil'): { index: number; byte: number } {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const character = characterAt(text, index);
    if (bytes + character.bytes > byteOffset) {
      if (direction === 'floor' || bytes === byteOffset) return { index, byte: bytes };
      return { index: index + character.units, byte: bytes + character.bytes };
    }
    bytes += character.bytes;
    index += character.units;
  }
  return { index, byte: bytes };
}

/** The longest prefix of `text` that is at most `maxBytes` UTF-8 bytes, cut on a character boundary. */
export function prefixBytes(text: string, maxBytes: number): string {
  return text.slice(0, charBoundary(text, maxBytes, 'floor').index);
}

/** Rust `str::lines()`: split on `\n`, strip one trailing `\r` per line, and no empty line after a final `\n`. */
export function rustLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}
