import { countHeapMerge } from './token-bpe-heap';
import type { RankTable } from './token-rank-table';

/**
 * Above this many bytes a piece is merged with the heap (O(n log n)) instead of tiktoken's rescan (O(n²)).
 * Both apply the same rule, so the threshold changes speed, never the count.
 */
const heapMergeThresholdBytes = 128;

/**
 * Number of tokens byte-pair encoding gives for one pre-tokenized piece that is not itself a token.
 * tiktoken's rule: repeatedly merge the adjacent pair whose concatenation has the lowest rank, the leftmost on ties,
 * until no adjacent pair is a token.
 */
export function countBytePairTokens(bytes: string, table: RankTable): number {
  if (bytes.length <= 1) return bytes.length;
  return bytes.length > heapMergeThresholdBytes ? countHeapMerge(bytes, table) : countScanMerge(bytes, table);
}

const noRank = Number.POSITIVE_INFINITY;

/** tiktoken's own loop (`_byte_pair_merge`): a linear scan for the lowest rank per merge; fastest for short pieces. */
export function countScanMerge(bytes: string, { ranks, pairRanks: pairTable }: RankTable): number {
  const starts: number[] = [];
  const pairRanks: number[] = [];
  for (let index = 0; index < bytes.length; index++) {
    starts.push(index);
    const rank = index + 1 < bytes.length ? pairTable[bytes.charCodeAt(index) * 256 + bytes.charCodeAt(index + 1)] : -1;
    pairRanks.push(rank < 0 ? noRank : rank);
  }
  starts.push(bytes.length);
  const rankOf = (part: number): number =>
    part + 2 < starts.length ? ranks.get(bytes.slice(starts[part], starts[part + 2])) ?? noRank : noRank;
  for (;;) {
    let lowest = noRank;
    let lowestPart = -1;
    for (let part = 0; part < pairRanks.length - 1; part++) {
      if (pairRanks[part] < lowest) {
        lowest = pairRanks[part];
        lowestPart = part;
      }
    }
    if (lowestPart < 0) break;
    starts.splice(lowestPart + 1, 1);
    pairRanks.splice(lowestPart + 1, 1);
    pairRanks[lowestPart] = rankOf(lowestPart);
    if (lowestPart > 0) pairRanks[lowestPart - 1] = rankOf(lowestPart - 1);
  }
  return starts.length - 1;
}
