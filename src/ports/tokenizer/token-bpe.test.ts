import { beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../bench/seeded-random';
import { countScanMerge } from './token-bpe';
import { countHeapMerge } from './token-bpe-heap';
import { loadRankTable, type RankTable } from './token-rank-table';
import { toByteString } from './token-utf8';

let table: RankTable;
beforeAll(async () => {
  table = await loadRankTable('o200k_base');
});

describe('countHeapMerge', () => {
  it('merges exactly like tiktoken’s scan loop on 300 random pieces of 2–900 bytes', () => {
    const random = new SeededRandom(42);
    const alphabets = ['ab', 'abcdefghijklmnopqrstuvwxyz', ' ', '=-_*', 'éàü', '中文字符测试上下', '🚀🔥', 'aaaaaaab'];
    for (let trial = 0; trial < 300; trial++) {
      const alphabet = [...random.pick(alphabets)];
      const text = Array.from({ length: random.integer(2, 300) }, () => random.pick(alphabet)).join('');
      const bytes = toByteString(text);
      expect(countHeapMerge(bytes, table), text.slice(0, 40)).toBe(countScanMerge(bytes, table));
    }
  });

  it('keeps tokens whole: a byte string that is a single token stays one part', () => {
    const token = toByteString(' the');
    expect(table.ranks.has(token)).toBe(true);
    expect(countHeapMerge(token, table)).toBe(1);
    expect(countScanMerge(token, table)).toBe(1);
  });
});

describe('toByteString', () => {
  it('matches TextEncoder, including lone surrogates as U+FFFD', () => {
    for (const text of ['plain', 'café', '中文', '🚀 x', 'a\ud800b', '\udc00', 'end\ud83d']) {
      expect([...toByteString(text)].map((char) => char.charCodeAt(0))).toEqual([...new TextEncoder().encode(text)]);
    }
  });
});
