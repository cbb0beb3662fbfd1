import type { ReplayCost } from '../../engine';

/**
 * A hand-made priced replay: 10 agent calls logged at $1.00 input side + $0.20 output, billed by the cache model at
 * $0.97 (ratio 0.97) — by kind, logged $0.10 input, $0.50 cache writes, $0.40 cache reads and the model $0.07, $0.50, $0.40; the policy compacted once (at message 3), its bill $2.50 of which $0.10 summarizer. `overrides`
 * replace parts of it.
 */
export function handMadeCost(overrides: { agent?: Partial<ReplayCost['agent']>; policy?: Partial<ReplayCost['policy']>; assumptions?: string[]; series?: ReplayCost['series']; userPricedModels?: string[] } = {}): ReplayCost {
  return {
    agent: { loggedUsd: 1, loggedTotalUsd: 1.2, simulatedUsd: 0.97, ratio: 0.97, outputUsd: 0.2, loggedByKind: { input: 0.1, cacheWrite: 0.5, cacheRead: 0.4, output: 0.2 }, simulatedByKind: { input: 0.07, cacheWrite: 0.5, cacheRead: 0.4, output: 0.2 }, calls: 10, misses: [], lifetime: '5m', lifetimeSource: 'logged', headTokens: 12_000, unknownModels: [], ...overrides.agent },
    policy: { totalUsd: 2.5, inputSideUsd: 2.2, agentCallsUsd: 2.4, summarizerUsd: 0.1, cacheWriteUsd: 1.5, cacheReadUsd: 0.6, inputUsd: 0.1, outputUsd: 0.2, calls: 10, longContextCalls: 0, unknownModels: [], ...overrides.policy },
    pricesAsOf: '2026-09-23',
    pricesSource: '@pydantic/genai-prices 0.1.8',
    userPricedModels: overrides.userPricedModels ?? [],
    assumptions: overrides.assumptions ?? ['Cache: 5-minute lifetime, read from the log.', 'Prices: @pydantic/genai-prices 0.1.8, as of 2026-09-23.'],
    series: overrides.series ?? [
      { atMessage: 1, agentUsd: 0.1, agentSimulatedUsd: 0.1, policyUsd: 0.1 },
      { atMessage: 3, agentUsd: 0.1, agentSimulatedUsd: 0.1, policyUsd: 0.2, compaction: 1 },
      { atMessage: 3, agentUsd: 0.2, agentSimulatedUsd: 0.19, policyUsd: 0.9 },
      { atMessage: 5, agentUsd: 0.3, agentSimulatedUsd: 0.29, policyUsd: 1.0 },
    ],
  };
}
