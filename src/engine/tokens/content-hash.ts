/**
 * cyrb53: a fast, well-mixed, non-cryptographic 53-bit hash of a string (public domain, bryc).
 * Used as a cache key for token counts; a collision (≈ n² / 2^54 for n texts) would reuse a wrong count, which for a
 * few thousand messages is far below one in a billion. Returns an integer in [0, 2^53).
 */
export function contentHash(text: string, seed = 0): number {
  let first = 0xdeadbeef ^ seed;
  let second = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507);
  first ^= Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507);
  second ^= Math.imul(first ^ (first >>> 13), 3266489909);
  return 4294967296 * (2097151 & second) + (first >>> 0);
}
