import type { ReplayCompactionView, ReplayView } from '../../worker-client/replay-protocol';

type Step = ReplayView['steps'][number];

/** A hand-made compaction of a replay: a clean offline success unless `overrides` say otherwise. */
export function handMadeCompaction(ordinal: number, atMessage: number, overrides: Partial<ReplayCompactionView> = {}): ReplayCompactionView {
  return {
    ordinal,
    atMessage,
    reason: `turn end: over the trigger`,
    gate: { tokens: 1000, threshold: 900, fires: true, basis: 'exact' },
    tokensBefore: 1000,
    tokensAfter: 200,
    passes: 1,
    summarizerCalls: 1,
    tokensToSummarizers: 800,
    costUsd: 0,
    success: true,
    flags: [],
    retention: { factsLost: 3, factsTotal: 10, needWeighted: { score: 0.75, needed: 4, kept: 3 } },
    ...overrides,
  };
}

/**
 * A hand-made replay of a 10-message session: the context grows by 100 tokens a message from 300, the policy compacts
 * at messages 4 and 8 (indexes 3 and 7), the agent compacted itself before message 6 (index 5, 155,000 logged), and the
 * assistant messages carry logged usage. `compactions` replaces the two compactions' figures.
 */
export function handMadeReplay(compactions: ReplayCompactionView[] = [handMadeCompaction(1, 3), handMadeCompaction(2, 7)], overrides: Partial<ReplayView> = {}): ReplayView {
  const steps: Step[] = [];
  let tokens = 300;
  for (let index = 0; index < 10; index += 1) {
    const compaction = compactions.find((candidate) => candidate.atMessage === index);
    const gate = { tokens, threshold: 900, fires: compaction !== undefined, basis: 'exact' as const };
    steps.push({
      atMessage: index,
      contextMessages: index + 1,
      exactTokens: compaction ? compaction.tokensBefore : tokens,
      exactTokensAfter: compaction?.tokensAfter,
      gate,
      compaction: compaction?.ordinal,
      loggedContextTokens: index % 2 === 1 ? 5000 + index * 100 : undefined,
      createdAt: new Date(Date.UTC(2026, 1, 3, 10, index)).toISOString(),
    });
    tokens = (compaction ? compaction.tokensAfter : tokens) + 100;
  }
  return {
    profile: 'auto-compactor',
    window: 1200,
    trigger: 900,
    compactionInput: 'context',
    checkpoint: 'turn-end',
    checkpointLabel: 'after each run (the Dart host)',
    estimation: 'Every step counted exactly with o200k_base.',
    encoding: 'o200k_base',
    steps,
    compactions,
    sourceCompactions: [{ atMessage: 5, kind: 'compact_boundary', trigger: 'auto', loggedTokensBefore: 155_000, loggedTokensAfter: 12_000 }],
    totals: {
      compactions: compactions.length,
      failedCompactions: compactions.filter((compaction) => !compaction.success).length,
      summarizerCalls: compactions.reduce((sum, compaction) => sum + compaction.summarizerCalls, 0),
      tokensToSummarizers: compactions.reduce((sum, compaction) => sum + compaction.tokensToSummarizers, 0),
      costUsd: compactions.some((compaction) => compaction.costUsd === null) ? null : compactions.reduce((sum, compaction) => sum + (compaction.costUsd ?? 0), 0),
      peakTokens: 1000,
      stepsOverTrigger: compactions.length,
      shareOverTrigger: compactions.length / 10,
      timeOverTriggerMs: compactions.length * 60_000,
    },
    cancelled: false,
    skippedMessages: 0,
    ...overrides,
  };
}
