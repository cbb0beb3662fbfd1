import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import type { Message } from '../../transcript/model';
import { functionRunner, runProfile } from './run-harness.test-support';
import { textMessage } from './test-messages.test-support';

const conversation = (): Message[] => [
  textMessage('user', 'first request'),
  textMessage('assistant', 'first answer'),
  textMessage('user', 'second request'),
  textMessage('assistant', 'second answer'),
  textMessage('user', 'latest'),
];

const header = '[auto-compacted 4 older messages]\n';
const truncateFallback = '[auto-compacted 4 older messages via truncate strategy]\n[user] first request\n[assistant] first answer\n[user] second request\n[assistant] second answer';

/** The summary a daemon run writes when the custom compactor returns `value`. */
async function summaryFor(value: unknown): Promise<string | undefined> {
  const runner = functionRunner({ custom: () => value });
  const config = { trigger: 'daemon', tokenThreshold: 0, compactStrategy: 'custom', customCompactor: 'messages => …', keepLast: 1 };
  const { result } = await runProfile(conversation(), config, { callbacks: runner, hasUserConsent: true });
  return result.passes[0].summary;
}

describe('two-tier profile: a custom compactor result as harn turns it into text', () => {
  it('H24: summary wins over text even when nil, and shows as `nil`; blank is Rust-blank (orchestration/compaction.rs 351–363)', async () => {
    expect(await summaryFor({ summary: null, text: 'ignored' })).toBe(`${header}nil`);
    expect(await summaryFor({ text: 'from text' })).toBe(`${header}from text`);
    // JSON leaves an undefined property out, so the key is absent and `text` is read.
    expect(await summaryFor({ summary: undefined, text: 'from text' })).toBe(`${header}from text`);
    expect(await summaryFor({ summary: '  \n' })).toBe(truncateFallback);
    // Rust's trim knows U+0085 as white space and U+FEFF not; JavaScript's trim has it the other way round.
    expect(await summaryFor({ summary: '\u0085' })).toBe(truncateFallback);
    expect(await summaryFor('\ufeff')).toBe(`${header}\ufeff`);
    expect(await summaryFor(null)).toBe(truncateFallback);
  });

  it('H25: a summary field is shown with harn display: {k: v} in byte order, [a, b], bare strings, nil, Rust floats (value/core.rs 344–366)', async () => {
    const nested = { summary: { b: 1, a: 'x', c: [1.5, 'two words', null, true, { z: 2 }], d: {} } };
    expect(await summaryFor(nested)).toBe(`${header}{a: x, b: 1, c: [1.5, two words, nil, true, {z: 2}], d: {}}`);
    expect(await summaryFor({ summary: ['a', 'b'] })).toBe(`${header}[a, b]`);
    expect(await summaryFor({ summary: 0.1 })).toBe(`${header}0.1`);
    expect(await summaryFor({ summary: 1e-7 })).toBe(`${header}0.0000001`);
    // At or past 2^63 a number is a float, which Rust prints without an exponent.
    expect(await summaryFor({ summary: 2 ** 64 })).toBe(`${header}18446744073709552000`);
    // Under 2^63 JSON writes the shortest digits and harn reads an int.
    expect(await summaryFor({ summary: 2 ** 60 })).toBe(`${header}1152921504606847000`);
    expect(await summaryFor({ summary: false })).toBe(`${header}false`);
    expect(await summaryFor({ summary: { '😀': 1, 'Ａ': 2 } })).toBe(`${header}{Ａ: 2, 😀: 1}`);
  });

  it('H26: any other value is serde_json pretty JSON with sorted keys (orchestration/compaction.rs 351–363; llm/helpers vm_value_to_json)', async () => {
    const value = { zeta: 1, alpha: { y: [], x: {} }, é: 0.5, Z: 1e21, s: 'q"\n', n: null };
    expect(await summaryFor(value)).toBe(
      `${header}{\n  "Z": 1e+21,\n  "alpha": {\n    "x": {},\n    "y": []\n  },\n  "n": null,\n  "s": "q\\"\\n",\n  "zeta": 1,\n  "é": 0.5\n}`,
    );
    // 1e16 is a whole number under 2^63, so JSON carries it as an int; 1.5e300 is past i64, so a float.
    expect(await summaryFor([1, 'a', [2.5, 1e-7, 1e16, 1.5e300]])).toBe(`${header}[\n  1,\n  "a",\n  [\n    2.5,\n    1e-7,\n    10000000000000000,\n    1.5e+300\n  ]\n]`);
    expect(await summaryFor(7)).toBe(`${header}7`);
    expect(await summaryFor(true)).toBe(`${header}true`);
    expect(await summaryFor(1e15 + 0.5)).toBe(`${header}1000000000000000.5`);
    expect(await summaryFor(2 ** 64)).toBe(`${header}1.8446744073709552e+19`);
  });

  it('H28: an LLM answer is trimmed as Rust trims it: U+0085 goes, U+FEFF stays (orchestration/compaction.rs, llm_compaction_summary)', async () => {
    const clock = new FakeClock();
    const summarizer = scriptedSummarizer([{ text: '\u0085\ufeffthe gist\u0085 ' }, { text: '\u0085\u3000' }], clock);
    const config = { trigger: 'manual', compactStrategy: 'llm', keepLast: 1 };
    const kept = await runProfile(conversation(), config, { summarizer, clock });
    expect(kept.result.passes[0].summary).toBe(`${header}\ufeffthe gist`);
    const blank = await runProfile(conversation(), config, { summarizer, clock });
    expect(blank.result.passes[0].summary?.split('\n')[0]).toBe('[auto-compact fallback: LLM summarizer returned empty; 4 older messages abbreviated to ~500 chars each]');
  });

  it('a cyclic result fails the pass as a callback failure instead of inventing text', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const runner = functionRunner({ custom: () => cyclic });
    const config = { trigger: 'daemon', tokenThreshold: 0, compactStrategy: 'custom', customCompactor: 'messages => …', keepLast: 1 };
    const { result } = await runProfile(conversation(), config, { callbacks: runner, hasUserConsent: true });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('callback-failed');
    expect(result.error?.message).toContain('cycle');
  });
});
