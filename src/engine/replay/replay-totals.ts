import type { ReplayCompaction, ReplayStep, ReplayTotals } from './replay-model';

/** True when the context stayed over the trigger after this step (after its compaction, when it made one). */
function isOverAfter(step: ReplayStep): boolean {
  const reading = step.gateAfter ?? step.gate;
  return reading.tokens > reading.threshold;
}

/** Milliseconds between two steps' timestamps; undefined when either has none or they do not parse. */
function elapsed(from: ReplayStep, to: ReplayStep): number | undefined {
  if (from.createdAt === undefined || to.createdAt === undefined) return undefined;
  const duration = Date.parse(to.createdAt) - Date.parse(from.createdAt);
  return Number.isFinite(duration) && duration >= 0 ? duration : undefined;
}

/**
 * The replay's totals: compactions (failed ones too), summarizer calls and what they were sent and cost, the peak
 * context, and how long the session stayed over the trigger — in steps, and in time where the source logged timestamps.
 */
export function replayTotals(steps: readonly ReplayStep[], compactions: readonly ReplayCompaction[]): ReplayTotals {
  let costUsd: number | null = 0;
  for (const compaction of compactions) costUsd = costUsd === null || compaction.costUsd === null ? null : costUsd + compaction.costUsd;
  let stepsOverTrigger = 0;
  let timeOverTriggerMs = 0;
  let hasTimes = false;
  steps.forEach((step, index) => {
    if (!isOverAfter(step)) return;
    stepsOverTrigger += 1;
    const next = steps[index + 1];
    const duration = next ? elapsed(step, next) : undefined;
    if (duration !== undefined) {
      hasTimes = true;
      timeOverTriggerMs += duration;
    }
  });
  const hasAnyTimes = hasTimes || steps.some((step) => step.createdAt !== undefined);
  return {
    compactions: compactions.length,
    failedCompactions: compactions.filter((compaction) => !compaction.success).length,
    summarizerCalls: compactions.reduce((sum, compaction) => sum + compaction.summarizerCalls, 0),
    tokensToSummarizers: compactions.reduce((sum, compaction) => sum + compaction.tokensToSummarizers, 0),
    costUsd,
    peakTokens: steps.reduce((peak, step) => Math.max(peak, step.exactTokens), 0),
    stepsOverTrigger,
    shareOverTrigger: steps.length === 0 ? 0 : stepsOverTrigger / steps.length,
    ...(hasAnyTimes ? { timeOverTriggerMs } : {}),
  };
}
