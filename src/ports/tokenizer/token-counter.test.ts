import { beforeAll, describe, expect, it } from 'vitest';
import type { EncodingName, TokenCounter } from '../../engine';
import { loadTokenCounter } from './token-counter';
import { loadReferenceCounter } from './token-reference';
import { fixtureFiles, fixtureStrings } from './token-test-fixtures';
import { splitRegex } from './token-split-patterns';

const encodings: EncodingName[] = ['o200k_base', 'cl100k_base'];
const counters = new Map<EncodingName, { ours: TokenCounter; reference: TokenCounter; stock?: TokenCounter }>();
const noSpecial = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

const letters = (length: number, seed: number) =>
  Array.from({ length }, (_, index) => String.fromCharCode(97 + ((index * 7919 + seed * 31 + index * index) % 26))).join('');
const cjk = (length: number) =>
  Array.from({ length }, (_, index) => String.fromCharCode(0x4e00 + ((index * 7919) % 20902))).join('');

beforeAll(async () => {
  for (const encoding of [...encodings, 'p50k_base', 'r50k_base'] as EncodingName[]) {
    counters.set(encoding, { ours: await loadTokenCounter(encoding), reference: await loadReferenceCounter(encoding) });
  }
  const [cl100k, o200k] = await Promise.all([import('gpt-tokenizer/encoding/cl100k_base'), import('gpt-tokenizer/encoding/o200k_base')]);
  counters.get('cl100k_base')!.stock = { encoding: 'cl100k_base', count: (text) => cl100k.countTokens(text, noSpecial) };
  counters.get('o200k_base')!.stock = { encoding: 'o200k_base', count: (text) => o200k.countTokens(text, noSpecial) };
});

/** Longest pre-tokenized piece: js-tiktoken needs ~2 minutes for one 10K-character piece. */
function longestPiece(encoding: EncodingName, text: string): number {
  let longest = 0;
  for (const match of text.matchAll(splitRegex(encoding))) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * Texts whose count differs from the reference. Pieces over 2,000 characters go to gpt-tokenizer's stock
 * countTokens instead: an independent implementation (own regex, own merge loop), quadratic too but with a small
 * constant, and shown equal to js-tiktoken on every other text below.
 */
function differences(encoding: EncodingName, texts: readonly string[]): string[] {
  const { ours, reference, stock } = counters.get(encoding)!;
  const expected = (text: string) => (stock && longestPiece(encoding, text) > 2000 ? stock : reference).count(text);
  return texts.filter((text) => ours.count(text) !== expected(text)).map((text) => text.slice(0, 80));
}

describe('loadTokenCounter equals js-tiktoken encode(text, [], [])', () => {
  it('knows the cookbook anchor: "tiktoken is great!" is 6 tokens in cl100k and o200k', () => {
    expect(counters.get('cl100k_base')!.ours.count('tiktoken is great!')).toBe(6);
    expect(counters.get('o200k_base')!.ours.count('tiktoken is great!')).toBe(6);
    expect(counters.get('cl100k_base')!.ours.count('')).toBe(0);
  });

  for (const file of fixtureFiles()) {
    it.each(encodings)(`on every string of ${file} (%s)`, (encoding) => {
      const strings = fixtureStrings(file);
      expect(strings.length).toBeGreaterThan(0);
      expect(differences(encoding, strings)).toEqual([]);
    });
  }

  const generated = [
    'The quick brown fox jumps over the lazy dog. It’s 2026; don’t panic!',
    "I'll say it's ok — we've done it, they'd agree, you're RIGHT, SHE'LL, WE'VE.",
    'export const x = async (input: string[]) => { return input.map((line) => line.trim()); };\n\n\tif (a) {\n\t\treturn;\n\t}\n',
    '{"id":"call_1","arguments":"{\\"path\\":\\"src/a.ts\\",\\"limit\\":500}","usage":{"input_tokens":123456,"cache_read":7}}',
    '2026-02-23T12:41:04.123Z ERROR [worker] src/worker/token-counter.ts:42 failed after 3 retries (429)\r\n   at line 7\n\n\n',
    'Ünïcödé café naïve résumé — Zürich São Paulo; Ελληνικά κείμενα; русский текст; עברית; العربية',
    '上下文窗口已满，正在压缩历史记录。トークン数を数える。요약을 생성합니다.',
    'emoji 🚀🔥👍🏽👨‍👩‍👧‍👦 🇺🇸 ⚠️ ✅ and a lone surrogate \ud800 in the middle \udc00 end',
    '<|endoftext|> special <|im_start|>system<|im_end|> <|fim_prefix|><|endofprompt|> tokens as plain text',
    'digits 1234567890 3.14159 0xDEADBEEF 1e-9 ١٢٣ ๑๒๓',
    '    indented with spaces   \n\n  \t  trailing   ',
    'a'.repeat(300) + ' ' + 'Ab'.repeat(200) + ' ' + '!'.repeat(300),
  ];
  it.each(encodings)('on prose, code, JSON, logs, unicode, emoji, special tokens (%s)', (encoding) => {
    expect(differences(encoding, generated)).toEqual([]);
  });

  it.each(['p50k_base', 'r50k_base'] as EncodingName[])('on generated text for %s too', (encoding) => {
    expect(differences(encoding, generated)).toEqual([]);
  });

  const longRuns = [
    letters(3000, 1),
    'x'.repeat(4000),
    cjk(1200),
    ' '.repeat(3000) + 'end',
    '\n'.repeat(2000) + 'x',
    '=-'.repeat(1500),
    'ABCDEFGHIJ'.repeat(300),
    'é'.repeat(1500),
  ];
  it.each(encodings)('on 2–4K-character single-class runs, where the heap merge takes over (%s)', (encoding) => {
    expect(differences(encoding, longRuns)).toEqual([]);
  });

  it.each(encodings)('has a stock gpt-tokenizer that agrees with js-tiktoken, so it may stand in for long pieces (%s)', (encoding) => {
    const { reference, stock } = counters.get(encoding)!;
    for (const text of [...generated, ...longRuns]) expect(stock!.count(text)).toBe(reference.count(text));
  });
});

describe('the pathological-input guard', () => {
  const megabyte = 1 << 20;
  it.each(encodings)('counts 1 MB periodic runs exactly: 256 times the reference on a 4 KB slice (%s)', (encoding) => {
    const { ours, reference } = counters.get(encoding)!;
    for (const unit of ['a', ' ', '=-', 'xyzw']) {
      const slice = unit.repeat(4096 / unit.length);
      expect(ours.count(unit.repeat(megabyte / unit.length))).toBe(reference.count(slice) * 256);
    }
  });

  it.each(encodings)('returns a sane count for 1 MB of 16K-letter runs and 1 MB of CJK without spaces (%s)', (encoding) => {
    const { ours, reference } = counters.get(encoding)!;
    const runs = Array.from({ length: 64 }, (_, index) => letters(16383, index)).join('\n');
    const runsCount = ours.count(runs);
    expect(runsCount).toBeGreaterThan(runs.length / 8);
    expect(runsCount).toBeLessThan(runs.length);
    expect(ours.count(runs.slice(0, 2000))).toBe(reference.count(runs.slice(0, 2000)));
    const text = cjk(megabyte / 3);
    const cjkCount = ours.count(text);
    expect(cjkCount).toBeGreaterThan(text.length / 2);
    expect(cjkCount).toBeLessThanOrEqual(text.length * 3);
  });
});
