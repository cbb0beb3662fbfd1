import type { EngineError } from '../../run/ports';
import { missingResolverError, toEngineError } from './rolling-summary-errors';

/** The head that folds a prior summary into the request (spec §2.3), byte for byte. */
const previousSummaryHead = 'PREVIOUS SUMMARY (extend/merge, do not lose facts):\n';
/** What separates the prior summary from the conversation in the request. */
const previousSummarySeparator = '\n\n---\n\n';
/** The head of the conversation part of the request. */
const conversationHead = 'CONVERSATION TO SUMMARISE:\n';
/** The seed's cap on the request text, in UTF-16 units; the head is kept, so a long prior summary crowds out history. */
const seedHistoryCharCap = 12000;

/** One summarizer call's estimated cost, as the seed's `OnCostFn` receives it. */
export interface CompactionCostEvent {
  calls: 1;
  inTok: number;
  outTok: number;
}

/** The seed's `SummarizeFn`: `system` instructions and the request `text` in, the raw summary out. */
export type SummarizeText = (request: { system: string; text: string }) => Promise<string>;
/** The seed's `EstimateTokensFn`, with the encoding already bound. */
type EstimateTokens = (text: string) => number;

/** Options of one summarization call. The resolvers are optional only so a missing one is reported, not crashed on. */
export interface SummariseTurnsOptions {
  summarize?: SummarizeText;
  estimateTokens?: EstimateTokens;
  systemPrompt: string;
  /** The request text's cap in UTF-16 units: the seed's 12,000 when absent; null for none (a lab extension). */
  historyCharCap?: number | null;
  /** Fired once per call that returns, even with an empty summary. */
  onCost?: (event: CompactionCostEvent) => void;
}

/** A call's outcome: the new summary, or the error that fails the run. */
export type SummariseOutcome = { ok: true; summary: string; system: string; text: string } | { ok: false; error: EngineError };

/** The request text: the prior summary under its head when there is one (a non-empty one), then the history; capped. */
function buildSummariseText(historyText: string, priorSummary: string | null, cap: number | null): string {
  const head = priorSummary ? `${previousSummaryHead}${priorSummary}${previousSummarySeparator}` : '';
  const text = `${head}${conversationHead}${historyText}`;
  return cap === null ? text : text.slice(0, cap);
}

/**
 * One summarization call, the seed's `summariseTurns`: the answer is trimmed, and an empty or blank answer keeps the
 * prior summary (or gives ''). A failed call is returned as the run's error, never retried nor swallowed.
 */
export async function summariseTurns(historyText: string, priorSummary: string | null, options: SummariseTurnsOptions): Promise<SummariseOutcome> {
  const { summarize, estimateTokens } = options;
  if (!summarize) return { ok: false, error: missingResolverError('summariseTurns', 'summarize') };
  if (!estimateTokens) return { ok: false, error: missingResolverError('summariseTurns', 'estimateTokens') };
  const system = options.systemPrompt;
  // The seed's cap unless the lab extension lifts it (upstream-deviations: the request cap option).
  const text = buildSummariseText(historyText, priorSummary, options.historyCharCap === undefined ? seedHistoryCharCap : options.historyCharCap);
  let summary: string;
  try {
    summary = (await summarize({ system, text })).trim();
  } catch (thrown) {
    return { ok: false, error: toEngineError(thrown) };
  }
  options.onCost?.({ calls: 1, inTok: estimateTokens(`${system}\n\n${text}`), outTok: estimateTokens(summary) });
  return { ok: true, summary: summary || (priorSummary ?? ''), system, text };
}
