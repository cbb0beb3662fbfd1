import { contentHash } from './content-hash';
import type { EncodingName, TokenCounter } from './token-counter';

/**
 * Token counts keyed by (encoding, content hash, length), so re-counting an unchanged text costs one hash.
 * Only exact counters are cached (an estimate is cheaper than the hash, and must never answer for an exact count).
 * Bounded: past `maxEntries` per encoding the oldest half is dropped.
 */
export class TokenCache {
  private readonly byEncoding = new Map<EncodingName, Map<number, number>>();
  /** Lookups answered from the cache / computed, since creation; for tests and the benchmark. */
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 200_000) {}

  /** The count of `text` under `counter`, from the cache when this exact text was counted before in that encoding. */
  count(text: string, counter: TokenCounter): number {
    if (counter.isEstimate) return counter.count(text);
    const key = contentHash(text, text.length);
    let counts = this.byEncoding.get(counter.encoding);
    if (!counts) {
      counts = new Map();
      this.byEncoding.set(counter.encoding, counts);
    }
    const cached = counts.get(key);
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const tokenCount = counter.count(text);
    if (counts.size >= this.maxEntries) this.dropOldestHalf(counts);
    counts.set(key, tokenCount);
    return tokenCount;
  }

  /** Number of cached counts across encodings. */
  get size(): number {
    let size = 0;
    for (const counts of this.byEncoding.values()) size += counts.size;
    return size;
  }

  clear(): void {
    this.byEncoding.clear();
  }

  private dropOldestHalf(counts: Map<number, number>): void {
    let toDrop = counts.size >> 1;
    for (const key of counts.keys()) {
      if (toDrop-- <= 0) break;
      counts.delete(key);
    }
  }
}
