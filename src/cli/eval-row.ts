import type { ReplayReport } from '../engine';
import type { EvalFigures, EvalRow } from './eval-protocol';

/** A session's figures from its replay: counts only, never the message lists, so the row is cheap to send. */
export function evalFigures(report: ReplayReport): EvalFigures {
  const { totals } = report;
  const scores = report.compactions.flatMap((compaction) => (compaction.retention?.needWeighted ? [compaction.retention.needWeighted.score] : []));
  return {
    steps: report.steps.length,
    compactions: totals.compactions,
    failedCompactions: totals.failedCompactions,
    summarizerCalls: totals.summarizerCalls,
    costUsd: totals.costUsd,
    tokensToSummarizers: totals.tokensToSummarizers,
    peakTokens: totals.peakTokens,
    shareOverTrigger: totals.shareOverTrigger,
    needWeighted: scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length,
    factsLost: report.compactions.reduce((sum, compaction) => sum + (compaction.retention?.factsLost ?? 0), 0),
  };
}

/** The row of a replay that did not run: its reason, and no figures. */
export function failedRow(head: { file: string; run?: number; config: string }, error: string): EvalRow {
  return {
    ...head,
    ok: false,
    error,
    steps: null,
    compactions: null,
    failedCompactions: null,
    summarizerCalls: null,
    costUsd: null,
    tokensToSummarizers: null,
    peakTokens: null,
    shareOverTrigger: null,
    needWeighted: null,
    factsLost: null,
  };
}
