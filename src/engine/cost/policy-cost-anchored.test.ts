import { describe, expect, it } from 'vitest';
import type { ReplayStep } from '../replay/replay-model';
import type { ContextBasis } from '../tokens/context-basis';
import type { Message, Transcript, Usage } from '../transcript/model';
import type { AgentCalls } from './agent-calls';
import { checkAgentCost } from './agent-check';
import { inferLifetime } from './cache-lifetime';
import { handPriceBook } from './hand-price-book.test-support';
import { noTokens } from './logged-tokens';
import { replayCost } from './policy-cost';

/** Our count plus 5,000 tokens of system prompt and tools not in the file. */
const basis: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 5_000 };

function message(index: number, role: Message['role'], extra: Partial<Message> = {}): Message {
  const origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human';
  return { id: `m${index}`, role, origin, blocks: [{ kind: 'text', text: `message ${index}` }], sourceRef: {}, raw: null, ...extra };
}
const usage = (read: number, write: number): Usage => ({ inputTokens: 0, cacheReadTokens: read, cacheWriteTokens: write, outputTokens: 100, contextTokens: read + write });
const call = (index: number, read: number, write: number, minute: number, model = 'claude-opus-4-6'): Message =>
  message(index, 'assistant', { model, usage: usage(read, write), createdAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString() });

/**
 * user 10,000 · call · tool 4,000 · call · user 1,000 · [the agent compacts] · call (our counts); the log states larger
 * contexts than our sizes (20,000, 26,000 and 6,000 against 15,000, 20,000 and 6,000 on the basis), as a tokenizer
 * the calibration misses would.
 */
const transcript: Transcript = {
  id: 'anchored',
  source: { format: 'claude-code' },
  messages: [message(0, 'user'), call(1, 5_000, 15_000, 0), message(2, 'tool'), call(3, 20_000, 6_000, 1), message(4, 'user'), call(5, 5_000, 1_000, 2)],
  markers: [{ atIndex: 4, kind: 'compact_boundary' }],
  meta: {},
};
const counts = { perMessage: [10_000, 1_000, 4_000, 1_000, 1_000, 500], system: 0 };
const step = (atMessage: number, exactTokens: number, after?: number): ReplayStep =>
  ({ atMessage, contextMessages: atMessage + 1, exactTokens, gate: { tokens: exactTokens, threshold: 12_000, fires: false, basis: 'estimate' }, ...(after !== undefined ? { compaction: 1, exactTokensAfter: after } : {}) }) as ReplayStep;

describe('call sizes anchored to the log', () => {
  it('a policy that compacts exactly where the agent did pays what the cache model bills the agent, to the cent, call by call', () => {
    // The policy's context is the agent's: 10,000 → 15,000 → compacted at message 4 to its 1,000-token user message.
    const steps = [step(0, 10_000), step(1, 11_000), step(2, 15_000), step(3, 16_000), step(4, 17_000, 1_000)];
    const cost = replayCost({ report: { steps, compactions: [] }, transcript, counts, basis, prices: handPriceBook });
    expect(cost.agent.ratio).toBeCloseTo(1, 10);
    expect(cost.policy.agentCallsUsd).not.toBeNull();
    expect(cost.policy.agentCallsUsd).toBeCloseTo((cost.agent.simulatedUsd ?? 0) + (cost.agent.outputUsd ?? 0), 2);
    expect(cost.policy.inputSideUsd).toBeCloseTo(cost.agent.simulatedUsd ?? 0, 2);
    for (const point of cost.series) expect(point.policyUsd, `at message ${point.atMessage}`).toBeCloseTo(point.agentSimulatedUsd ?? Number.NaN, 2);
  });

  it('keeps the agent’s logged total (every kind) apart from its input side, as the policy’s total is apart from its input side', () => {
    const cost = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript, counts, basis, prices: handPriceBook });
    expect(cost.agent.loggedTotalUsd).toBeCloseTo((cost.agent.loggedUsd ?? 0) + (cost.agent.outputUsd ?? 0), 10);
    expect(cost.agent.loggedTotalUsd).toBeGreaterThan(cost.agent.loggedUsd ?? 0);
    expect(cost.policy.inputSideUsd).toBeCloseTo((cost.policy.inputUsd ?? 0) + (cost.policy.cacheWriteUsd ?? 0) + (cost.policy.cacheReadUsd ?? 0), 10);
  });

  it('says the agent’s own compaction calls are missing from its bill, and what the lifetime is counted from', () => {
    const said = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript, counts, basis, prices: handPriceBook }).assumptions.join(' ');
    expect(said).toContain('compaction (summarizer) calls are not in its log');
    expect(said).toContain('counted from the last logged line of the previous response');
  });

  it('says when the cache model is more than 10% off the agent’s bill, and that the policy’s bill carries the same error', () => {
    // The log missed the cache on the second call though the pause was a minute: the model reads it.
    const missed = { ...transcript, markers: [], messages: transcript.messages.map((each, index) => (index === 3 ? call(3, 0, 26_000, 1) : each)) };
    const cost = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript: missed, counts, basis, prices: handPriceBook });
    expect(cost.agent.ratio).toBeLessThan(0.9);
    expect(cost.assumptions.join(' ')).toMatch(/below the agent’s logged input side.*carries the same error/);
  });

  it('leaves the policy’s bill unknown on a redacted transcript, and says why', () => {
    const redacted = { ...transcript, messages: transcript.messages.map((each) => ({ ...each, blocks: [{ kind: 'text' as const, text: '[REDACTED_TEXT]' }] })) };
    const cost = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript: redacted, counts, basis, prices: handPriceBook });
    expect(cost.policy).toMatchObject({ totalUsd: null, agentCallsUsd: null, inputSideUsd: null });
    expect(cost.series.every((point) => point.policyUsd === null)).toBe(true);
    expect(cost.agent.loggedUsd).not.toBeNull();
    expect(cost.assumptions.join(' ')).toContain('The source redacted the text');
  });

  it('names how many calls were priced at a long-context tier, and on which size', () => {
    const long = { ...transcript, markers: [], messages: transcript.messages.map((each, index) => (index === 1 ? call(1, 0, 150_000, 0, 'tiered-model') : index === 3 ? call(3, 150_000, 60_000, 1, 'tiered-model') : index === 5 ? call(5, 210_000, 1_000, 2, 'tiered-model') : each)) };
    const cost = replayCost({ report: { steps: [step(0, 10_000), step(2, 15_000), step(4, 17_000)], compactions: [] }, transcript: long, counts, basis, prices: handPriceBook });
    expect(cost.policy.longContextCalls).toBe(2);
    expect(cost.assumptions.join(' ')).toContain('2 of the policy’s 3 calls were priced at a long-context tier, on their size anchored to the log');
  });

  it('without logged usage on a non-Anthropic model says nothing of Anthropic’s 5-minute lifetime', () => {
    const bare = { ...transcript, markers: [], messages: transcript.messages.map((each) => ({ ...each, usage: undefined, ...(each.role === 'assistant' ? { model: 'gpt-5' } : {}) })) };
    const said = replayCost({ report: { steps: [step(0, 10_000)], compactions: [] }, transcript: bare, counts, basis, prices: handPriceBook }).assumptions.join(' ');
    expect(said).not.toContain('5-minute');
    expect(said).toContain('OpenAI automatic caching');
  });
});

describe('checkAgentCost prices each side at its own size and time', () => {
  const agentCall = (model: string, simulatedTokens: number, logged: number, loggedAt: string): AgentCalls => ({
    calls: [{ messageIndex: 1, model, loggedAt, call: { chain: 'main', model, startMs: Date.parse(loggedAt) - 20_000, promptTokens: simulatedTokens, headTokens: 0, keptTokens: 0, outputTokens: 0 }, basisTokens: simulatedTokens, logged: { ...noTokens, uncachedInput: logged }, opensTurn: true, afterCompaction: false }],
    head: { tokens: 0, isFromLog: false },
  });

  it('the logged side at its logged size: 210,000 logged tokens at the long-context tier though the simulation sized 190,000', () => {
    const check = checkAgentCost(agentCall('tiered-model', 190_000, 210_000, '2026-03-01T10:00:00Z'), handPriceBook);
    expect(check.loggedUsd).toBeCloseTo((210_000 * 6) / 1e6, 10);
    expect(check.simulatedUsd).toBeCloseTo((190_000 * 3) / 1e6, 10);
  });

  it('the logged side at its message’s time, not at the tool result’s before it', () => {
    // The tool result was logged 20 s before midnight, the answer 10 s after: the new price applies.
    const check = checkAgentCost(agentCall('dated-model', 1_000_000, 1_000_000, '2026-01-01T00:00:10Z'), handPriceBook);
    expect(check.loggedUsd).toBeCloseTo(2, 10);
  });
});

describe('inferLifetime on a mixed log', () => {
  it('takes the lifetime most of the writes used, and says it was read from the log', () => {
    const write = (minutes: number, hour: number) => ({ ...noTokens, cacheWrite: minutes, cacheWriteHour: hour });
    expect(inferLifetime([write(1_000, 0), write(0, 3_000), write(500, 500)])).toMatchObject({ lifetime: '1h', source: 'logged' });
    expect(inferLifetime([write(3_000, 0), write(0, 1_000), write(500, 500)])).toMatchObject({ lifetime: '5m', source: 'logged' });
  });
});
