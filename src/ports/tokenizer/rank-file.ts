import { readFile } from 'node:fs/promises';
import type { EncodingName } from '../../engine';
import { buildRankTable, type RankList, type RankLookup, type RankTable, type RankTableSource } from './token-rank-table';

/*
 * A rank table as a file (Node only: the built CLI reads these; the browser's worker imports gpt-tokenizer's module).
 * The file is the table itself, so reading it is a file read and a few typed-array views, against evaluating
 * megabytes of JavaScript, UTF-8 encoding every token again and filling a Map of 200,000 strings. Layout, each part
 * 4-byte aligned, in the machine's own byte order (the CLI's build writes it on the machine that reads it):
 *   "CLRANK2\n" · u32 ranks · u32 slots · u32 tokens (ranks in use) · u32 token bytes
 *   i32 start[ranks] · u16 length[ranks] (0xFFFF: rank not in use) · i32 slot[slots] (a rank, or -1) ·
 *   i32 pairRank[65536] · u8 token bytes
 * `slot` is an open-addressing hash table (FNV-1a of the token's bytes, linear probing) at least twice the ranks.
 */

const magic = 'CLRANK2\n';
const headerBytes = magic.length + 16;
const unusedRank = 0xffff;

const align = (offset: number): number => Math.ceil(offset / 4) * 4;

/** FNV-1a over a byte string's char codes (each 0–255, so the same as over its bytes). */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** Where each part of a file of these sizes starts, and the file's length. */
function layout(ranks: number, slots: number, tokenBytes: number) {
  const starts = headerBytes;
  const lengths = starts + 4 * ranks;
  const slotTable = align(lengths + 2 * ranks);
  const pairs = slotTable + 4 * slots;
  const bytes = pairs + 4 * 65536;
  return { starts, lengths, slotTable, pairs, bytes, end: bytes + tokenBytes };
}

/** The file's bytes for a rank table built from gpt-tokenizer's list. */
export function rankFileBytes(list: RankList): Uint8Array {
  const table = buildRankTable(list);
  const ranks = list.length;
  const byRank = Array.from<string | undefined>({ length: ranks });
  for (const [bytes, rank] of table.ranks as ReadonlyMap<string, number>) byRank[rank] = bytes;
  const tokenBytes = byRank.reduce((sum, bytes) => sum + (bytes?.length ?? 0), 0);
  const slots = 2 ** Math.ceil(Math.log2(Math.max(2, ranks * 2)));
  const at = layout(ranks, slots, tokenBytes);
  const file = new Uint8Array(at.end);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode(magic));
  const used = byRank.filter((bytes) => bytes !== undefined).length;
  [ranks, slots, used, tokenBytes].forEach((value, index) => view.setUint32(magic.length + 4 * index, value, true));
  const starts = new Int32Array(file.buffer, at.starts, ranks);
  const lengths = new Uint16Array(file.buffer, at.lengths, ranks);
  const slotTable = new Int32Array(file.buffer, at.slotTable, slots).fill(-1);
  new Int32Array(file.buffer, at.pairs, 65536).set(table.pairRanks);
  let offset = 0;
  byRank.forEach((bytes, rank) => {
    if (bytes === undefined) {
      lengths[rank] = unusedRank;
      return;
    }
    starts[rank] = offset;
    lengths[rank] = bytes.length;
    for (let index = 0; index < bytes.length; index++) file[at.bytes + offset + index] = bytes.charCodeAt(index);
    let slot = hashString(bytes) & (slots - 1);
    while (slotTable[slot] >= 0) slot = (slot + 1) & (slots - 1);
    slotTable[slot] = rank;
    offset += bytes.length;
  });
  return file;
}

/**
 * Ranks looked up straight in the file: a lookup hashes the byte string, probes the slot table and compares bytes, as
 * a `Map` would hash the string and compare; nothing per token is built when the file is read.
 */
class FileRanks implements RankLookup {
  private readonly mask: number;

  constructor(
    private readonly tokens: Uint8Array,
    private readonly starts: Int32Array,
    private readonly lengths: Uint16Array,
    private readonly slots: Int32Array,
    readonly size: number,
  ) {
    this.mask = slots.length - 1;
  }

  get(text: string): number | undefined {
    const { tokens, starts, lengths, slots, mask } = this;
    for (let slot = hashString(text) & mask; ; slot = (slot + 1) & mask) {
      const rank = slots[slot];
      if (rank < 0) return undefined;
      if (lengths[rank] !== text.length) continue;
      const start = starts[rank];
      let index = 0;
      while (index < text.length && tokens[start + index] === text.charCodeAt(index)) index++;
      if (index === text.length) return rank;
    }
  }

  has(text: string): boolean {
    return this.get(text) !== undefined;
  }
}

/** A rank table read from a rank file's bytes; throws, naming what is wrong, on a file of another layout or size. */
export function rankTableFromFile(bytes: Uint8Array): RankTable {
  if (bytes.length < headerBytes || new TextDecoder().decode(bytes.subarray(0, magic.length)) !== magic) throw new Error('not a Compaction Lab rank file (its first bytes differ)');
  // Typed-array views need 4-byte alignment: a buffer read at an odd offset is copied once.
  const file = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [ranks, slots, used, tokenBytes] = [0, 1, 2, 3].map((index) => view.getUint32(magic.length + 4 * index, true));
  const at = layout(ranks, slots, tokenBytes);
  if (at.end !== file.length) throw new Error(`the rank file is ${file.length} bytes where its header makes it ${at.end}`);
  if (slots < 2 * ranks || (slots & (slots - 1)) !== 0) throw new Error(`the rank file's slot table (${slots}) does not fit ${ranks} ranks`);
  const part = <View>(Make: new (buffer: ArrayBufferLike, offset: number, length: number) => View, offset: number, length: number): View => new Make(file.buffer, file.byteOffset + offset, length);
  const ranksLookup = new FileRanks(part(Uint8Array, at.bytes, tokenBytes), part(Int32Array, at.starts, ranks), part(Uint16Array, at.lengths, ranks), part(Int32Array, at.slotTable, slots), used);
  return { ranks: ranksLookup, pairRanks: part(Int32Array, at.pairs, 65536) };
}

/** The rank file of an encoding in `directory`. */
export function rankFileUrl(directory: URL, encoding: EncodingName): URL {
  return new URL(`${encoding}.ranks`, directory);
}

/**
 * Reads rank tables from the rank files in `directory` (written by the CLI's build); an encoding without a file, or
 * with one that cannot be read, is left to gpt-tokenizer's module, so counts never depend on the files being there.
 */
export function rankFileSource(directory: URL): RankTableSource {
  return async (encoding) => {
    try {
      return rankTableFromFile(await readFile(rankFileUrl(directory, encoding)));
    } catch {
      return undefined;
    }
  };
}
