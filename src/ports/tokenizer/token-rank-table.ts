import type { EncodingName } from '../../engine';
import { bytesToByteString, toByteString } from './token-utf8';

/** Ranks by byte string (see token-utf8.ts): a `Map`, or the index a rank file is read into (rank-file.ts). */
export interface RankLookup {
  get(bytes: string): number | undefined;
  has(bytes: string): boolean;
  readonly size: number;
}

/** An encoding's mergeable ranks: by byte string, plus a dense table for two-byte strings. */
export interface RankTable {
  ranks: RankLookup;
  /** Rank of the two bytes `first, second` at `first * 256 + second`, or -1; most merges start from these. */
  pairRanks: Int32Array;
}

/** gpt-tokenizer's rank list: index = rank, value = the token's text, or its bytes when they are not valid UTF-8. */
export type RankList = ReadonlyArray<string | number[] | undefined>;

/**
 * Imports one encoding's rank list on demand. Each branch names its module literally, so Vite emits every table
 * (0.6–2.4 MB of JS) as its own chunk, fetched only when that encoding is first used.
 */
export async function importRankList(encoding: EncodingName): Promise<RankList> {
  switch (encoding) {
    case 'cl100k_base':
      return (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
    case 'o200k_base':
      return (await import('gpt-tokenizer/bpeRanks/o200k_base')).default;
    case 'p50k_base':
      return (await import('gpt-tokenizer/bpeRanks/p50k_base')).default;
    case 'r50k_base':
      return (await import('gpt-tokenizer/bpeRanks/r50k_base')).default;
    default:
      throw new Error(`Unknown encoding "${String(encoding).slice(0, 40)}"; use o200k_base, cl100k_base, p50k_base or r50k_base.`);
  }
}

/** Builds the rank table from gpt-tokenizer's rank list (holes in the list are unused ranks). */
export function buildRankTable(list: RankList): RankTable {
  const ranks = new Map<string, number>();
  const pairRanks = new Int32Array(65536).fill(-1);
  for (let rank = 0; rank < list.length; rank++) {
    const token = list[rank];
    if (token === undefined) continue;
    const bytes = typeof token === 'string' ? toByteString(token) : bytesToByteString(token);
    ranks.set(bytes, rank);
    if (bytes.length === 2) pairRanks[bytes.charCodeAt(0) * 256 + bytes.charCodeAt(1)] = rank;
  }
  return { ranks, pairRanks };
}

/** Reads a rank table from elsewhere than gpt-tokenizer's module (the built CLI's rank files); undefined when it has none. */
export type RankTableSource = (encoding: EncodingName) => Promise<RankTable | undefined>;

let preferredSource: RankTableSource | undefined;

/**
 * Makes `source` the first place rank tables are read from in this realm; an encoding it has none for is built from
 * gpt-tokenizer's module as before. The built CLI sets one (rank-file.ts): reading a prepared file is several times
 * faster than evaluating the module's megabytes of JavaScript and re-encoding every token.
 */
export function preferRankTableSource(source: RankTableSource): void {
  preferredSource = source;
}

async function readRankTable(encoding: EncodingName): Promise<RankTable> {
  return (await preferredSource?.(encoding)) ?? buildRankTable(await importRankList(encoding));
}

const loading = new Map<EncodingName, Promise<RankTable>>();

/** The encoding's rank table, loaded and built once per realm (worker or Node process), shared by every counter. */
export function loadRankTable(encoding: EncodingName): Promise<RankTable> {
  let pending = loading.get(encoding);
  if (!pending) {
    pending = readRankTable(encoding);
    loading.set(encoding, pending);
    pending.catch(() => loading.delete(encoding));
  }
  return pending;
}
