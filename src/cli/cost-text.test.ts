import { describe, expect, it } from 'vitest';
import { replayCostLines, type ReplayCostOutput } from './replay-cost-output';
import { formatCost } from './replay-table';
import { usdDelta } from './usd-words';

// A cheap session: every figure is real and under a cent, none is zero.
const cost = {
  agent: { loggedUsd: 0.004, simulatedUsd: 0.0041, ratio: 1.025, outputUsd: 0.003, calls: 2, misses: [], unknownModels: [] },
  policy: { totalUsd: 0.006, agentCallsUsd: 0.005, summarizerUsd: 0.001, cacheWriteUsd: 0.002, cacheReadUsd: 0.001, inputUsd: 0.0005, outputUsd: 0.0015, calls: 2, unknownModels: [] },
  pricesAsOf: '2026-09-23',
  pricesSource: '@pydantic/genai-prices 0.1.8',
  assumptions: [],
} as unknown as ReplayCostOutput;

describe('the CLI’s dollars (issue 28)', () => {
  it('never prints $0.00 for a real cost under a cent, in the replay’s cost block', () => {
    const text = replayCostLines(cost, 'unified').join('\n');
    expect(text).not.toContain('$0.00');
    expect(text).toContain('logged < $0.01');
  });

  it('says a summarizer cost and a difference the same way', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.004)).toBe('< $0.01');
    expect(formatCost(12.345)).toBe('$12.35');
    expect(formatCost(null)).toBe('unpriced');
    expect(usdDelta(-0.004)).toBe('−< $0.01');
    expect(usdDelta(1.2)).toBe('+$1.20');
  });
});
