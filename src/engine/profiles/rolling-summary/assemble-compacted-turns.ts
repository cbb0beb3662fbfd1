import * as z from 'zod';
import type { EngineError } from '../../run/ports';
import type { HistoryTurn } from './group-history-into-turns';
import { missingResolverError } from './rolling-summary-errors';
import { summariseTurns, type SummariseTurnsOptions } from './summarise-turns';
import { buildSummaryTurn } from './summary-turn';

/** The rolling state the seed hands back and takes in again: the summary and how many older turns it covers. */
export const priorStateSchema = z.object({
  summary: z.string().nullable(),
  coveredOlder: z.number().int().nonnegative(),
});

/** The seed's `priorState`, carried between runs in `RunResult.carryState`. */
export type PriorState = z.infer<typeof priorStateSchema>;

/** What the seed decided before calling anyone: the split and whether the older region is (re)summarized. */
interface CompactionPlan {
  olderTurns: HistoryTurn[];
  recentTurns: HistoryTurn[];
  /** The older turns' `qa` joined by a blank line — what is measured and summarized. */
  olderText: string;
  olderTokens: number;
  shouldSummarize: boolean;
  /** Why, in words, for the gate event. */
  reason: string;
}

/** Options of one assembly; the seed's `AssembleCompactedTurnsOptions` with defaults already applied. */
export interface AssembleOptions extends SummariseTurnsOptions {
  keepVerbatim: number;
  summariseAtTokens: number;
  summaryMessageId: string;
  priorState?: PriorState;
  /** Sees the plan before any call is made (the profile turns it into its gate event). */
  onPlan?: (plan: CompactionPlan) => void;
}

/** The assembly's outcome: the new turns and state, or the error that fails the run. */
export type AssembleOutcome =
  | { ok: true; turns: HistoryTurn[]; summary: string | null; coveredOlder: number; plan: CompactionPlan; hasCalled: boolean }
  | { ok: false; error: EngineError; plan?: CompactionPlan };

/** Splits the turns and decides on a call (spec §2.3 steps 3–6): the first older region always gets one, later ones only past the threshold. */
function planCompaction(turns: readonly HistoryTurn[], estimateTokens: (text: string) => number, options: AssembleOptions): CompactionPlan {
  const summary = options.priorState?.summary ?? null;
  const coveredOlder = options.priorState?.coveredOlder ?? 0;
  const recentStart = Math.max(0, turns.length - options.keepVerbatim);
  const olderTurns = turns.slice(0, recentStart);
  const recentTurns = turns.slice(recentStart);
  if (olderTurns.length === 0) {
    return { olderTurns, recentTurns, olderText: '', olderTokens: 0, shouldSummarize: false, reason: `no turns older than the last ${options.keepVerbatim}` };
  }
  const olderText = olderTurns.map((turn) => turn.qa).join('\n\n');
  const olderTokens = estimateTokens(olderText);
  const hasNewTurns = olderTurns.length > coveredOlder;
  const isOverThreshold = olderTokens > options.summariseAtTokens;
  const shouldSummarize = hasNewTurns && (summary === null || isOverThreshold);
  return { olderTurns, recentTurns, olderText, olderTokens, shouldSummarize, reason: describeDecision(hasNewTurns, summary === null, isOverThreshold) };
}

/**
 * The seed's `assembleCompactedTurns`: keeps the newest `keepVerbatim` turns verbatim and puts one summary turn before
 * them for everything older, calling the summarizer only when the plan says so. With no older turns the input turns
 * come back as they are and nothing is called.
 */
export async function assembleCompactedTurns(turns: readonly HistoryTurn[], options: AssembleOptions): Promise<AssembleOutcome> {
  if (!options.summarize) return { ok: false, error: missingResolverError('assembleCompactedTurns', 'summarize') };
  if (!options.estimateTokens) return { ok: false, error: missingResolverError('assembleCompactedTurns', 'estimateTokens') };
  let summary = options.priorState?.summary ?? null;
  let coveredOlder = options.priorState?.coveredOlder ?? 0;
  const plan = planCompaction(turns, options.estimateTokens, options);
  options.onPlan?.(plan);
  if (plan.olderTurns.length === 0) return { ok: true, turns: [...plan.recentTurns], summary, coveredOlder, plan, hasCalled: false };
  if (plan.shouldSummarize) {
    const outcome = await summariseTurns(plan.olderText, summary, options);
    if (!outcome.ok) return { ok: false, error: outcome.error, plan };
    summary = outcome.summary;
    coveredOlder = plan.olderTurns.length;
  }
  // Only a prior state that claims coverage without a summary falls back to the raw older text.
  const summaryTurn = buildSummaryTurn(summary ?? plan.olderText, options.summaryMessageId);
  return { ok: true, turns: [summaryTurn, ...plan.recentTurns], summary, coveredOlder, plan, hasCalled: plan.shouldSummarize };
}

function describeDecision(hasNewTurns: boolean, isFirst: boolean, isOverThreshold: boolean): string {
  if (!hasNewTurns) return 'no turns aged into the older region since the last summary: the summary is reused';
  if (isFirst) return 'bootstrap: the first older region is always summarized';
  if (isOverThreshold) return 'new older turns and the older region is over summariseAtTokens';
  return 'the older region is not over summariseAtTokens: the summary is reused';
}
