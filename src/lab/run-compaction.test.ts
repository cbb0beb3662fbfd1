import { describe, expect, it } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { countTranscript, importText, type CompactionEvent } from '../engine';
import { runCompaction } from './run-compaction';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';

const name = 'claude-code__tool_heavy.jsonl';
const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];

async function run(config: Record<string, unknown>, extra: { runAnyway?: boolean; encoding?: 'o200k_base' | 'cl100k_base' } = {}) {
  const events: CompactionEvent[] = [];
  const result = await runCompaction(transcript, { config, ...extra }, (event) => events.push(event));
  return { events, result };
}

describe('runCompaction', () => {
  it('refuses settings that cannot work as set before any work, naming the fields and the fix', async () => {
    const { events, result } = await run({ profile: 'auto-compactor', window: 3000 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'run-error', error: { code: 'impossible-settings' } });
    expect(result).toMatchObject({ profile: 'auto-compactor', success: false, passes: [], summarizerCalls: 0, error: { code: 'impossible-settings' } });
    expect(result.error?.message).toMatch(/reserveTokens 16,384 ≥ window 3,000.*Lower reserveTokens below the window/);
  });

  it('runs them when the user forces it, says so first, and flags every pass that replaced nothing', async () => {
    const { events, result } = await run({ profile: 'auto-compactor', window: 3000 }, { runAnyway: true });
    expect(events[0]).toMatchObject({ type: 'settings-forced', problems: [{ fields: ['reserveTokens', 'window'] }] });
    expect(result.forcedSettings).toHaveLength(1);
    expect(result.success).toBe(false);
    // Every pass inserts a summary of no message: 8 passes, each a no-op.
    expect(result.passes).toHaveLength(8);
    expect(result.passes.every((pass) => pass.flags.includes('no-op'))).toBe(true);
  });

  it('counts every state exactly in the requested encoding, beside the profile’s own estimate', async () => {
    const { events, result } = await run({ profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 }, { encoding: 'cl100k_base' });
    const total = countTranscript(transcript, await loadTokenCounter('cl100k_base')).total;
    expect(result.exact).toMatchObject({ encoding: 'cl100k_base', before: total });
    expect(events.find((event) => event.type === 'run-start')).toMatchObject({ exactTokens: total });
    // The seed's estimate anchors on the logged usage (27,666 at the last call), far above what the transcript holds.
    expect(result.tokensBefore).toBeGreaterThan(27_666);
    expect(result.passes[0].exact?.before).toBe(total);
    expect(result.passes.at(-1)?.exact?.after).toBe(result.exact?.after);
  });

  it('runs the offline summarizer within the config\'s offlineSummary budget, counted exactly', async () => {
    const large = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
    const session = importText(readFixture(large), { fileName: large }).transcripts[0];
    const counter = await loadTokenCounter('o200k_base');
    const summaryTokens = async (summaryMaxTokens?: number) => {
      const config = { profile: 'two-tier', compactStrategy: 'llm', keepLast: 0, ...(summaryMaxTokens === undefined ? {} : { offlineSummary: { summaryMaxTokens } }) };
      const result = await runCompaction(session, { config }, () => {});
      const summary = result.messages.find((message) => message.origin === 'summary');
      const text = summary?.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('') ?? '';
      // Two-tier puts its one-line header above the summarizer's answer.
      return counter.count(text.slice(text.indexOf('\n') + 1));
    };
    const small = await summaryTokens(400);
    const larger = await summaryTokens(1200);
    expect(small).toBeLessThanOrEqual(400);
    expect(larger).toBeLessThanOrEqual(1200);
    expect(larger).toBeGreaterThan(small * 2);
    // Unset: the offline summarizer's default of 3,000 tokens.
    expect(await summaryTokens()).toBeGreaterThan(1200);
    expect(await summaryTokens()).toBeLessThanOrEqual(3000);
  });
});
