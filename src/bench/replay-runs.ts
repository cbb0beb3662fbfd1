import type { ReplayReport, TokenCache } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ProfileId } from '../engine/profiles/meta';
import { replayTranscript } from '../lab/replay';
import { timeAsync } from './timing';

/**
 * Each profile with a 200K window, so one run of the whole corpus compacts and the replay of it compacts several times.
 * Rolling-summary has no window: it summarizes as soon as there are older turns, then again at every turn whose older
 * turns' question-and-answer text (tool traffic left out: about 140K tokens on the whole corpus) is over `summariseAtTokens`;
 * 135K makes it write its summary again over the last few dozen turns.
 */
export const benchConfigs: Record<ProfileId, Record<string, unknown>> = {
  'auto-compactor': { profile: 'auto-compactor', window: 200_000, estimator: 'exact' },
  'rolling-summary': { profile: 'rolling-summary', summariseAtTokens: 135_000 },
  'two-tier': { profile: 'two-tier', contextWindow: 200_000, compactStrategy: 'llm' },
  unified: { profile: 'unified', window: 200_000, estimator: 'exact' },
};

/** Timed runs per figure; the figure is their median (after a warm-up). */
export const rounds = 3;

/** The median duration of `rounds` runs of `work`, with the result of the median run. */
export async function medianRun<T>(work: () => Promise<T>): Promise<{ result: T; durationMs: number }> {
  const timings = [];
  for (let round = 0; round < rounds; round += 1) timings.push(await timeAsync(work));
  timings.sort((a, b) => a.durationMs - b.durationMs);
  return timings[Math.floor(rounds / 2)];
}

/** Replays `transcript` under the profile's bench config with the offline summarizer; a refusal or error is fatal here. */
export async function replayOnce(transcript: Transcript, profileId: ProfileId, cache: TokenCache, retention: boolean): Promise<ReplayReport> {
  const outcome = await replayTranscript(transcript, { config: benchConfigs[profileId], retention }, { cache });
  if ('error' in outcome) throw new Error(`${profileId} replay: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.report;
}

/** A prefix of a transcript and its size. */
interface TranscriptPrefix {
  transcript: Transcript;
  tokens: number;
}

/**
 * The first `1 / divisor` of the transcript's messages, cut just before a human message so no tool call loses its
 * result; `perMessage` holds each message's exact tokens.
 */
export function prefixTranscript(transcript: Transcript, divisor: number, perMessage: readonly number[]): TranscriptPrefix {
  let end = Math.floor(transcript.messages.length / divisor);
  while (end > 0 && transcript.messages[end].role !== 'user') end -= 1;
  const tokens = perMessage.slice(0, end).reduce((sum, count) => sum + count, 0);
  return { transcript: { ...transcript, messages: transcript.messages.slice(0, end) }, tokens };
}
