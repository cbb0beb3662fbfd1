import { replayContext, type ReplayContext, type ReplayLines } from '../engine';
import type { ReplayAnswer } from '../lab/replay';
import { meanNeedWeighted } from '../lab/replay-figures';
import type { EvalFigures, EvalRow, NoFigures } from './eval-protocol';

/** A replay as its row reads it: the answer, and the lines both policies are judged on (null when one's replay did not run). */
interface RowReplay extends ReplayAnswer {
  shared: ReplayLines | null;
}

/** The share of steps over a trigger line's whole context; null when none is counted (a trigger compared with part of the context only). */
function shareOver(context: ReplayContext): number | null {
  return context.overTriggerNotCounted === undefined ? (context.overTrigger?.share ?? 0) : null;
}

/**
 * How each figure is read from a replay, in the order a row prints them: the one list of the figures at run time, so a
 * failed row's nulls follow it. `satisfies` asks for every figure of `EvalFigures`, each read as its own type.
 */
const figureReaders = {
  steps: ({ report }) => report.steps.length,
  compactions: ({ report }) => report.totals.compactions,
  failedCompactions: ({ report }) => report.totals.failedCompactions,
  summarizerCalls: ({ report }) => report.totals.summarizerCalls,
  costUsd: ({ report }) => report.totals.costUsd,
  tokensToSummarizers: ({ report }) => report.totals.tokensToSummarizers,
  peakTokens: ({ context }) => context.peak,
  shareOverTrigger: ({ context }) => shareOver(context),
  shareOverSharedTrigger: ({ report, basis, shared }) => (shared === null ? null : shareOver(replayContext(report, basis, shared))),
  gateSawShareOverTrigger: ({ context }) => context.gateSaw.share,
  compactionsOverWindow: ({ context }) => overWindowCount(context),
  needWeighted: ({ report }) => meanNeedWeighted(report),
  factsLost: ({ report }) => report.compactions.reduce((sum, compaction) => sum + (compaction.retention?.factsLost ?? 0), 0),
  policyCostUsd: ({ cost }) => cost?.policy.totalUsd ?? null,
  agentCostUsd: ({ cost }) => agentBill(cost),
  agentCalls: ({ cost }) => cost?.agent.calls ?? 0,
  agentCostRatio: ({ cost }) => cost?.agent.ratio ?? null,
} satisfies { [Figure in keyof EvalFigures]: (replay: RowReplay) => EvalFigures[Figure] };

/** The figures' names in the order a row prints them; `satisfies` above makes them exactly the keys of `EvalFigures`. */
const figureNames = Object.keys(figureReaders) as (keyof EvalFigures)[];

/** The agent's own calls by its log, input side and output; null when either is unknown. */
function agentBill(cost: ReplayAnswer['cost']): number | null {
  if (!cost || cost.agent.calls === 0 || cost.agent.loggedUsd === null || cost.agent.outputUsd === null) return null;
  return cost.agent.loggedUsd + cost.agent.outputUsd;
}

/** Compactions whose context after is over the window. */
function overWindowCount(context: ReplayContext): number {
  return context.compactions.filter((compaction) => compaction.overWindow !== undefined).length;
}

/**
 * A session's figures from its replay, on the context basis: counts only, never the message lists, so the row is cheap
 * to send. `shared` are the lines every policy's replay of the session is judged on (`sharedLines` of two policies'
 * own; one policy's own alone), null when a policy's replay of it did not run.
 */
export function evalFigures(replay: ReplayAnswer, shared: ReplayLines | null): EvalFigures {
  const read: RowReplay = { ...replay, shared };
  // Each reader returns its own figure's type (checked above), so the object built is an `EvalFigures`; `fromEntries`
  // cannot say so itself.
  return Object.fromEntries(figureNames.map((figure) => [figure, figureReaders[figure](read)])) as unknown as EvalFigures;
}

/** The row of a replay that did not run: its reason, and every figure null. */
export function failedRow(head: { file: string; run?: number; config: string }, error: string): EvalRow {
  const noFigures = Object.fromEntries(figureNames.map((figure) => [figure, null])) as NoFigures;
  return { ...head, ok: false, error, ...noFigures };
}
