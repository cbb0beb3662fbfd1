import { describe, expect, it } from 'vitest';
import { rankFileBytes, rankTableFromFile } from './rank-file';
import { buildRankTable, importRankList } from './token-rank-table';

describe('rank files', () => {
  it('read back as the table built from the tokenizer’s list, unused ranks and non-UTF-8 tokens included', async () => {
    const list = await importRankList('r50k_base');
    // A hole (an unused rank) and a token given as bytes that are not valid UTF-8, as gpt-tokenizer's lists have them.
    const edited = [...list.slice(0, 300), undefined, [0xff, 0xfe, 0x41]];
    const table = rankTableFromFile(rankFileBytes(edited));
    const expected = buildRankTable(edited);
    const expectedRanks = expected.ranks as ReadonlyMap<string, number>;
    expect(table.ranks.size).toBe(expectedRanks.size);
    for (const [bytes, rank] of expectedRanks) expect(table.ranks.get(bytes)).toBe(rank);
    expect(table.pairRanks).toEqual(expected.pairRanks);
    expect(table.ranks.get('\u00ff\u00feA')).toBe(301);
    expect(table.ranks.has('\u00ff\u00fe')).toBe(false);
    // Strings that are no token, of a token's length and longer than any, are not found.
    expect(table.ranks.get('\u0000\u0000')).toBeUndefined();
    expect(table.ranks.get('x'.repeat(300))).toBeUndefined();
  });

  it('reads a file whose bytes start at an offset typed arrays cannot view', () => {
    const bytes = rankFileBytes(['a', 'b', 'ab']);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(rankTableFromFile(shifted.subarray(1)).ranks.get('ab')).toBe(2);
  });

  it('refuses a file of another layout, or cut short, naming what is wrong', () => {
    const bytes = rankFileBytes(['a', 'b', 'ab']);
    expect(() => rankTableFromFile(new TextEncoder().encode('{"not":"ranks"}'))).toThrow(/not a Compaction Lab rank file/);
    expect(() => rankTableFromFile(bytes.subarray(0, bytes.length - 1))).toThrow(/the rank file is \d+ bytes where its header makes it \d+/);
    expect(() => rankTableFromFile(new Uint8Array([...bytes, 0]))).toThrow(/the rank file is \d+ bytes where its header makes it \d+/);
  });
});
