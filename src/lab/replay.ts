import {
  contextBasis, countTranscript, fitLoggedUsage, loggedCalls, pinnedLinesOf, replayContext, replayLines, type ContextBasis, type EngineError,
  type PriceBook, type ReplayContext, type ReplayProgress, type ReplayReport,
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

/** How a replay is carried out: a run's options, the prices of live calls (catalog and overrides), and progress. */
export interface ReplayTranscriptOptions extends RunOptions {
  prices?: PriceBook;
  onProgress?: (progress: ReplayProgress) => void;
}

/** A finished replay, and its figures on the one basis (context tokens = exact + the unstored overhead). */
export interface ReplayAnswer {
  report: ReplayReport;
  context: ReplayContext;
  /** The basis `context` is on, so the same replay can be counted against other lines (eval: policy A's, issue 27). */
  basis: ContextBasis;
}

/**
 * The replay on the page's basis: the transcript's unstored overhead fitted from its logged usage in the replay's
 * encoding (as the page fits it for the transcript it shows) and the lines of the config as the worker's config check
 * gives them to the Session tab, so `replay`, `eval` and the page state the same figures.
 */
function onContextBasis(report: ReplayReport, transcript: Transcript, prepared: PreparedRun): Omit<ReplayAnswer, 'report'> {
  const { counter, cache } = prepared.measure;
  const tokens = countTranscript(transcript, counter, cache);
  const usage = fitLoggedUsage(loggedCalls(transcript, tokens.perMessage, tokens.system), counter.encoding);
  const limits = configLimits(prepared.config);
  const basis = contextBasis(counter.encoding, usage);
  return { context: replayContext(report, basis, replayLines(report, { window: limits.window, trigger: limits.trigger, triggerComparedWith: limits.triggerComparedWith })), basis };
}

/**
 * Replays a transcript under a config (issue 18) with the same checks and world as a single run (`prepareRun`): an
 * invalid config or settings that cannot work as set are refused in words before any work; live summarizers when
 * given, the offline one otherwise; every context counted exactly in `request.encoding`. Live calls are priced from
 * the price book (each model at its own price) by the usage they report; without one their cost is unknown. Then each compaction's retention, unless asked not to, and the figures on
 * the one basis (`context`, with the `basis` itself). Never throws.
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
  return { report, ...onContextBasis(report, transcript, prepared) };
}
