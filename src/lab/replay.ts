import {
  contextBasis, countTranscript, fitLoggedUsage, loggedCalls, pinnedLinesOf, replayContext, replayCost, replayLines, type ContextBasis,
  type EngineError, type PriceBook, type ReplayContext, type ReplayCost, type ReplayProgress, type ReplayReport,
} from '../engine';
import { measureReplayRetention, replaySession, type PriceCall } from '../engine/headless';
import type { Transcript } from '../engine/transcript';
import { costOf } from '../providers/live/pricing';
import { loadPriceBook } from '../providers/prices/price-book';
import { configLimits } from './config-limits';
import { prepareRun, type PreparedRun, type RunOptions, type RunRequest } from './run-compaction';

/** What a replay is asked: the config and how to count and consent, and whether to measure each compaction's retention. */
export interface ReplayTranscriptRequest extends RunRequest {
  /** Facts lost and need-weighted retention per compaction; true when absent (the bench turns it off to time the replay alone). */
  retention?: boolean;
}

/** How a replay is carried out: a run's options, the prices (catalog and the user's overrides), and progress. */
export interface ReplayTranscriptOptions extends RunOptions {
  /** Prices the live summarizer calls and the replay's `cost` (the agent's and the policy's bills, with caching). */
  prices?: PriceBook;
  onProgress?: (progress: ReplayProgress) => void;
}

/** A finished replay, and its figures on the one basis (context tokens = exact + the unstored overhead). */
export interface ReplayAnswer {
  report: ReplayReport;
  context: ReplayContext;
  /** The basis `context` is on, so the same replay can be counted against other lines (eval: policy A's, issue 27). */
  basis: ContextBasis;
  /** What the agent and the policy cost, with caching (issue 28); present when the replay was given a price book. */
  cost?: ReplayCost;
}

/**
 * The replay on the page's basis: the transcript's unstored overhead fitted from its logged usage in the replay's
 * encoding (as the page fits it for the transcript it shows) and the lines of the config as the worker's config check
 * gives them to the Session tab, so `replay`, `eval` and the page state the same figures.
 */
function onContextBasis(report: ReplayReport, transcript: Transcript, prepared: PreparedRun, priceBook: PriceBook | undefined): Omit<ReplayAnswer, 'report'> {
  const { counter, cache } = prepared.measure;
  const tokens = countTranscript(transcript, counter, cache);
  const usage = fitLoggedUsage(loggedCalls(transcript, tokens.perMessage, tokens.system), counter.encoding);
  const limits = configLimits(prepared.config);
  const basis = contextBasis(counter.encoding, usage);
  const context = replayContext(report, basis, replayLines(report, { window: limits.window, trigger: limits.trigger, triggerComparedWith: limits.triggerComparedWith }));
  if (!priceBook) return { context, basis };
  // A bill is in the provider's tokens: the calibrated basis where the log allows one, else our count + the overhead.
  const costBasis = contextBasis(counter.encoding, usage, true);
  return { context, basis, cost: replayCost({ report, transcript, counts: { perMessage: tokens.perMessage, system: tokens.system }, basis: costBasis, prices: priceBook }) };
}

/**
 * Replays a transcript under a config (issue 18) with the same checks and world as a single run (`prepareRun`): an
 * invalid config or settings that cannot work as set are refused in words before any work; live summarizers when
 * given, the offline one otherwise; every context counted exactly in `request.encoding`. Live calls are priced from
 * the price book by the usage they report (the catalog's own when the caller brings none). Then each compaction's
 * retention, unless asked not to, the figures on the one basis (`context`, with the `basis` itself), and with a price
 * book what the agent and the policy cost (`cost`). Never throws.
 */
export async function replayTranscript(transcript: Transcript, request: ReplayTranscriptRequest, options: ReplayTranscriptOptions = {}): Promise<ReplayAnswer | { error: EngineError }> {
  const prepared = await prepareRun(request, options);
  if ('error' in prepared) return prepared;
  const { configured, ports, measure, forced } = prepared;
  // Live calls are priced at the catalog's prices unless the caller brought its book (the page's overrides on top).
  const prices = options.prices ?? (options.choice ? await loadPriceBook() : undefined);
  const priceCall: PriceCall = (call) => costOf(call.modelId, call.usage, prices);
  const replayed = await replaySession({ transcript, profile: configured.profile, config: configured.parameters, ports, measure, priceCall, onProgress: options.onProgress });
  // A replay of settings that cannot work as set says which, as a single run does.
  const forcedReport = forced.length > 0 ? { ...replayed, forcedSettings: forced } : replayed;
  const report = request.retention === false ? forcedReport : measureReplayRetention(forcedReport, transcript, pinnedLinesOf(prepared.config));
  return { report, ...onContextBasis(report, transcript, prepared, options.prices) };
}
