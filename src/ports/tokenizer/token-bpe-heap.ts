import type { RankTable } from './token-rank-table';

/** Positions are packed beside the rank in one float key; 2^32 keeps rank·2^32 + position below 2^53 (exact). */
const positionSpan = 4294967296;

/**
 * Byte-pair merge of a long piece in O(n log n): the same rule as tiktoken (lowest rank first, leftmost on ties),
 * with the candidate pairs in a min-heap keyed by (rank, start byte) instead of a rescan, so one pasted 1 MB run of a
 * single letter, of CJK or of spaces costs about a second instead of hours. Parts form a linked list indexed by their
 * start byte. A heap entry is current iff its part still has that pair rank: a part's pair only ever grows into a
 * longer byte string, and distinct strings have distinct ranks, so an outdated entry can never look current.
 * Returns the number of parts left, i.e. the token count.
 */
export function countHeapMerge(bytes: string, { ranks, pairRanks }: RankTable): number {
  const length = bytes.length;
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  // Rank of the pair (part, next part) for each live part; -1 when it is no token or the part is gone.
  const pairRank = new Int32Array(length);
  const heap = new MinHeap(length);
  for (let start = 0; start < length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
    const rank = start + 1 < length ? pairRanks[bytes.charCodeAt(start) * 256 + bytes.charCodeAt(start + 1)] : -1;
    pairRank[start] = rank;
    if (rank >= 0) heap.append(rank * positionSpan + start);
  }
  heap.heapify();
  const updatePair = (start: number): void => {
    const second = next[start];
    const rank = second < length ? ranks.get(bytes.slice(start, next[second])) ?? -1 : -1;
    pairRank[start] = rank;
    if (rank >= 0) heap.push(rank * positionSpan + start);
  };

  let partCount = length;
  while (heap.size > 0) {
    const key = heap.pop();
    const start = key % positionSpan;
    if (pairRank[start] !== (key - start) / positionSpan) continue;
    const second = next[start];
    next[start] = next[second];
    if (next[second] < length) previous[next[second]] = start;
    pairRank[second] = -1;
    partCount--;
    updatePair(start);
    if (previous[start] >= 0) updatePair(previous[start]);
  }
  return partCount;
}

/** A 4-ary min-heap of float keys in one typed array: shallow and cache-friendly for millions of entries. */
class MinHeap {
  private keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  /** Adds a key without ordering it; call `heapify` before the first `pop`. */
  append(key: number): void {
    if (this.size === this.keys.length) this.grow();
    this.keys[this.size++] = key;
  }

  /** Restores heap order after `append`s, in O(n). */
  heapify(): void {
    for (let index = (this.size - 2) >> 2; index >= 0; index--) this.siftDown(index, this.keys[index]);
  }

  push(key: number): void {
    if (this.size === this.keys.length) this.grow();
    const keys = this.keys;
    let index = this.size++;
    while (index > 0) {
      const parent = (index - 1) >> 2;
      if (keys[parent] <= key) break;
      keys[index] = keys[parent];
      index = parent;
    }
    keys[index] = key;
  }

  /** Removes and returns the smallest key; the heap must not be empty. */
  pop(): number {
    const top = this.keys[0];
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.keys[last]);
    return top;
  }

  private siftDown(start: number, key: number): void {
    const keys = this.keys;
    const size = this.size;
    let index = start;
    for (;;) {
      const first = 4 * index + 1;
      if (first >= size) break;
      let child = first;
      const end = Math.min(first + 4, size);
      for (let candidate = first + 1; candidate < end; candidate++) {
        if (keys[candidate] < keys[child]) child = candidate;
      }
      if (keys[child] >= key) break;
      keys[index] = keys[child];
      index = child;
    }
    keys[index] = key;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
  }
}
