import { pinnedLinesOf, type EngineError, type ReplayProgress, type ReplayReport } from '../engine';
import { measureReplayRetention, replaySession, type PriceCall } from '../engine/headless';
import type { Transcript } from '../engine/transcript';
import { costOf, type PriceTable } from '../providers/live/pricing';
import { prepareRun, type RunOptions, type RunRequest } from './run-compaction';

/** What a replay is asked: the config and how to count and consent, and whether to measure each compaction's retention. */
export interface ReplayTranscriptRequest extends RunRequest {
  /** Facts lost and need-weighted retention per compaction; true when absent (the bench turns it off to time the replay alone). */
  retention?: boolean;
}

/** How a replay is carried out: a run's options, the price table for live calls, and progress. */
export interface ReplayTranscriptOptions extends RunOptions {
  prices?: PriceTable;
  onProgress?: (progress: ReplayProgress) => void;
}

/**
 * Replays a transcript under a config (issue 18) with the same checks and world as a single run (`prepareRun`): an
 * invalid config or settings that cannot work as set are refused in words before any work; live summarizers when
 * given, the offline one otherwise; every context counted exactly in `request.encoding`. Live calls are priced from
 * the price table by the usage they report. Then each compaction's retention, unless asked not to. Never throws.
 */
export async function replayTranscript(transcript: Transcript, request: ReplayTranscriptRequest, options: ReplayTranscriptOptions = {}): Promise<{ report: ReplayReport } | { error: EngineError }> {
  const prepared = await prepareRun(request, options);
  if ('error' in prepared) return prepared;
  const { configured, ports, measure, forced } = prepared;
  const priceCall: PriceCall = (call) => costOf(call.modelId, call.usage, options.prices);
  const replayed = await replaySession({ transcript, profile: configured.profile, config: configured.parameters, ports, measure, priceCall, onProgress: options.onProgress });
  // A replay of settings that cannot work as set says which, as a single run does.
  const report = forced.length > 0 ? { ...replayed, forcedSettings: forced } : replayed;
  if (request.retention === false) return { report };
  return { report: measureReplayRetention(report, transcript, pinnedLinesOf(prepared.config)) };
}
