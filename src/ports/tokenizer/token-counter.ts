import type { EncodingName, TokenCounter } from '../../engine';
import { countBytePairTokens } from './token-bpe';
import { loadRankTable, type RankTable } from './token-rank-table';
import { splitRegex } from './token-split-patterns';
import { isAscii, toByteString } from './token-utf8';

/** Pieces longer than this are not memoized: they are rare, and keeping them would let one paste pin megabytes. */
const maxCachedPieceLength = 256;
/** Memo entries before the memo is dropped and refilled (clearing is O(1) and keeps the hot loop free of LRU upkeep). */
const maxCachedPieces = 100_000;

/**
 * Exact tiktoken counting over a rank map: tiktoken's split regex, a direct rank lookup per piece, byte-pair merging
 * for the rest (heap-based for long pieces, so every input is O(n log n)). Special tokens are plain text, as with
 * js-tiktoken's `encode(text, [], [])`.
 */
function createBpeCounter(encoding: EncodingName, table: RankTable): TokenCounter {
  const { ranks } = table;
  const regex = splitRegex(encoding);
  const pieceCounts = new Map<string, number>();

  const countPiece = (piece: string): number => {
    const cached = pieceCounts.get(piece);
    if (cached !== undefined) return cached;
    const bytes = toByteString(piece);
    const tokenCount = bytes !== piece && ranks.has(bytes) ? 1 : countBytePairTokens(bytes, table);
    if (piece.length <= maxCachedPieceLength) {
      if (pieceCounts.size >= maxCachedPieces) pieceCounts.clear();
      pieceCounts.set(piece, tokenCount);
    }
    return tokenCount;
  };

  const count = (text: string): number => {
    if (text.length === 0) return 0;
    // In ASCII text a piece is its own byte string, so the direct rank lookup needs no conversion.
    const isAsciiText = isAscii(text);
    let total = 0;
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const piece = match[0];
      if (isAsciiText || isAscii(piece)) {
        if (ranks.has(piece)) {
          total++;
          continue;
        }
      }
      total += countPiece(piece);
    }
    return total;
  };

  return { encoding, count };
}

const counters = new Map<EncodingName, Promise<TokenCounter>>();

/**
 * The exact counter for `encoding`, loading its rank table lazily (one chunk per encoding) on first use.
 * Works in the browser worker and in Node; repeated calls share one counter.
 */
export function loadTokenCounter(encoding: EncodingName): Promise<TokenCounter> {
  let pending = counters.get(encoding);
  if (!pending) {
    pending = loadRankTable(encoding).then((table) => createBpeCounter(encoding, table));
    counters.set(encoding, pending);
    pending.catch(() => counters.delete(encoding));
  }
  return pending;
}
