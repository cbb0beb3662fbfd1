import { describe, expect, it } from 'vitest';
import type { ReplayCompaction, ReplayStep } from '../replay/replay-model';
import type { ContextBasis } from '../tokens/context-basis';
import type { Message, Transcript, Usage } from '../transcript/model';
import { replayCost } from './policy-cost';
import type { PriceBook } from './prices';

/** Claude Opus 4.6's list prices, by hand: the catalog is the providers' business. */
const book: PriceBook = {
  source: 'hand-made prices',
  asOf: '2026-12-01',
  pricesFor: (model) => (model === 'claude-opus-4-6' ? { prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 }, origin: 'catalog' } : undefined),
};
/** Our count plus 5,000 tokens of system prompt and tools not in the file. */
const basis: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 5_000 };

function message(index: number, role: Message['role'], extra: Partial<Message> = {}): Message {
  const origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human';
  return { id: `m${index}`, role, origin, blocks: [{ kind: 'text', text: `message ${index}` }], sourceRef: {}, raw: null, ...extra };
}
const usage = (read: number, write: number): Usage => ({ inputTokens: 0, cacheReadTokens: read, cacheWriteTokens: write, outputTokens: 100, contextTokens: read + write });
const call = (index: number, read: number, write: number, minute: number): Message =>
  message(index, 'assistant', { model: 'claude-opus-4-6', usage: usage(read, write), createdAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString() });

/** user 10,000 · call · tool 4,000 · call · user 1,000 · call (our counts); each call logged as the cache model bills it. */
const transcript: Transcript = {
  id: 'hand-made',
  source: { format: 'claude-code' },
  messages: [message(0, 'user'), call(1, 5_000, 10_000, 0), message(2, 'tool'), call(3, 15_000, 5_000, 1), message(4, 'user'), call(5, 20_000, 2_000, 2)],
  markers: [],
  meta: {},
};
const counts = { perMessage: [10_000, 1_000, 4_000, 1_000, 1_000, 500], system: 0 };

const step = (atMessage: number, exactTokens: number, compaction?: { ordinal: number; after: number }): ReplayStep =>
  ({ atMessage, contextMessages: atMessage + 1, exactTokens, gate: { tokens: exactTokens, threshold: 12_000, fires: false, basis: 'estimate' }, ...(compaction ? { compaction: compaction.ordinal, exactTokensAfter: compaction.after } : {}) }) as ReplayStep;
const compaction = (atMessage: number, costUsd: number | null): ReplayCompaction => ({ ordinal: 1, atMessage, costUsd }) as ReplayCompaction;

describe('replayCost', () => {
  it('checks the cache model on the agent: calls logged as the rules bill them give a ratio of 1 and no misses', () => {
    const cost = replayCost({ report: { steps: [], compactions: [] }, transcript, counts, basis, prices: book });
    // Input side: 5,000 read + 10,000 written; 15,000 read + 5,000 written; 20,000 read + 2,000 written.
    const logged = (5_000 * 0.5 + 10_000 * 6.25 + 15_000 * 0.5 + 5_000 * 6.25 + 20_000 * 0.5 + 2_000 * 6.25) / 1e6;
    expect(cost.agent).toMatchObject({ calls: 3, ratio: 1, misses: [], lifetime: '5m', lifetimeSource: 'assumed', headTokens: 5_000 });
    expect(cost.agent.loggedUsd).toBeCloseTo(logged, 10);
    expect(cost.agent.simulatedUsd).toBeCloseTo(logged, 10);
    expect(cost.agent.outputUsd).toBeCloseTo((3 * 100 * 25) / 1e6, 10);
    // The logged bill by kind, and the model's, which bills these calls exactly as logged.
    const byKind = { input: 0, cacheWrite: (17_000 * 6.25) / 1e6, cacheRead: (40_000 * 0.5) / 1e6, output: (3 * 100 * 25) / 1e6 };
    for (const kind of ['input', 'cacheWrite', 'cacheRead', 'output'] as const) {
      expect(cost.agent.loggedByKind?.[kind]).toBeCloseTo(byKind[kind], 10);
      expect(cost.agent.simulatedByKind?.[kind]).toBeCloseTo(byKind[kind], 10);
    }
  });

  it('names a pause past the lifetime the log still read through as the cause of a miss', () => {
    const late = { ...transcript, messages: transcript.messages.map((each, index) => (index === 3 ? { ...each, createdAt: new Date(Date.UTC(2026, 0, 1, 10, 7)).toISOString() } : each)) };
    const cost = replayCost({ report: { steps: [], compactions: [] }, transcript: late, counts, basis, prices: book });
    expect(cost.agent.misses).toEqual([{ cause: 'outlived-lifetime', calls: 1, words: expect.stringContaining('longer than the lifetime'), gapUsd: expect.any(Number) }]);
    expect(cost.agent.ratio).toBeGreaterThan(1);
  });

  it('bills the policy’s calls on its own context: a compaction rewrites the cache after the head, and its summarizer cost joins the total', () => {
    // The policy compacts once the tool result joined (step at message 2): 15,000 → 3,000 exact tokens.
    const steps = [step(0, 10_000), step(1, 11_000), step(2, 15_000, { ordinal: 1, after: 3_000 }), step(3, 4_000), step(4, 5_000), step(5, 5_500)];
    const cost = replayCost({ report: { steps, compactions: [compaction(2, 0.01)] }, transcript, counts, basis, prices: book });
    // Call 1 as logged (nothing compacted yet); call 3 on 3,000 + 5,000 overhead: the 5,000-token head read, 3,000 written;
    // call 5 on 5,000 + 5,000: call 3's 8,000 read, 2,000 written. Output 100 tokens each.
    const first = (5_000 * 0.5 + 10_000 * 6.25 + 100 * 25) / 1e6;
    const second = (5_000 * 0.5 + 3_000 * 6.25 + 100 * 25) / 1e6;
    const third = (8_000 * 0.5 + 2_000 * 6.25 + 100 * 25) / 1e6;
    expect(cost.policy.agentCallsUsd).toBeCloseTo(first + second + third, 10);
    expect(cost.policy.summarizerUsd).toBe(0.01);
    expect(cost.policy.totalUsd).toBeCloseTo(first + second + third + 0.01, 10);
    expect(cost.policy.cacheWriteUsd).toBeCloseTo((10_000 + 3_000 + 2_000) * 6.25 / 1e6, 10);
    expect(cost.policy.cacheReadUsd).toBeCloseTo((5_000 + 5_000 + 8_000) * 0.5 / 1e6, 10);
    expect(cost.series.map((point) => [point.atMessage, point.compaction, point.policyUsd === null ? null : Number(point.policyUsd.toFixed(6))])).toEqual([
      [1, undefined, Number(first.toFixed(6))],
      [2, 1, Number((first + 0.01).toFixed(6))],
      [3, undefined, Number((first + 0.01 + second).toFixed(6))],
      [5, undefined, Number((first + 0.01 + second + third).toFixed(6))],
    ]);
    expect(cost.series.at(-1)?.agentUsd).toBeCloseTo((cost.agent.loggedUsd ?? 0) + (cost.agent.outputUsd ?? 0), 10);
  });

  it('leaves a cost it cannot price unknown, never 0: an unpriced summarizer call and a model the book lacks', () => {
    const unpriced = replayCost({ report: { steps: [step(0, 10_000)], compactions: [compaction(0, null)] }, transcript, counts, basis, prices: book });
    expect([unpriced.policy.summarizerUsd, unpriced.policy.totalUsd]).toEqual([null, null]);
    const mystery = { ...transcript, messages: transcript.messages.map((each) => (each.role === 'assistant' ? { ...each, model: 'mystery-model' } : each)) };
    const cost = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript: mystery, counts, basis, prices: book });
    expect(cost.agent).toMatchObject({ loggedUsd: null, simulatedUsd: null, ratio: null, unknownModels: ['mystery-model'] });
    expect(cost.policy).toMatchObject({ agentCallsUsd: null, totalUsd: null, unknownModels: ['mystery-model'] });
    expect(cost.assumptions.join(' ')).toContain('no prompt caching assumed for mystery-model');
  });

  it('without logged usage or timestamps takes every assistant message as a call, and says what it assumed', () => {
    const bare = { ...transcript, messages: transcript.messages.map((each) => ({ ...each, usage: undefined, createdAt: undefined })) };
    const cost = replayCost({ report: { steps: [step(0, 10_000), step(2, 15_000), step(4, 16_000)], compactions: [] }, transcript: bare, counts, basis, prices: book });
    expect(cost.agent).toMatchObject({ calls: 0, loggedUsd: null, ratio: null });
    expect(cost.policy.calls).toBe(3);
    expect(cost.policy.outputUsd).toBeCloseTo(((1_000 + 1_000 + 500) * 25) / 1e6, 10);
    expect(cost.series.every((point) => point.agentUsd === null)).toBe(true);
    const said = cost.assumptions.join(' ');
    expect(said).toContain('logged no usage');
    expect(said).toContain('no pause');
  });
});
