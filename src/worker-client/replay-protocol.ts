/** The worker contract's types for replaying a whole session under a policy (types only). */
import type { EncodingName, ReplayCompaction, ReplayCost, ReplayProgress, ReplayReport, RunResult, SummarizerRole } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Transcript } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { CompactProviders, ResultId, WorkerReply } from './protocol';

/** Replays a transcript under one config: which transcript, the config, how to count and summarize. */
interface ReplayRequest {
  transcriptKey: string;
  config: ConfigDocument;
  /** The encoding the context is counted in exactly (the page's); o200k_base when absent. */
  encoding?: EncodingName;
  /** Live providers to summarize with, using keys the worker holds; absent → the offline summarizer. */
  providers?: CompactProviders;
  /** The user's price overrides, on top of the catalog (`@pydantic/genai-prices`) that prices every call. */
  prices?: PriceOverrides;
  allowCallbacks?: boolean;
  runAnyway?: boolean;
}

/** The id the worker holds a finished replay by (its compactions' runs and contexts stay in the worker). */
export type ReplayId = string;

/**
 * A replayed compaction as the page sees it: every figure of `ReplayCompaction`, without the compacted context and the
 * run (whole message lists per pass, which stay in the worker until the user opens the compaction).
 */
export type ReplayCompactionView = Omit<ReplayCompaction, 'input' | 'run'>;

/** A replay report as the page sees it: the steps and totals, and the compactions without their message lists. */
export type ReplayView = Omit<ReplayReport, 'compactions'> & { compactions: ReplayCompactionView[] };

/**
 * A finished replay (cancelled ones included: `report.cancelled`) and the id the worker holds it by. A replay refused
 * before it ran (an invalid config, settings that cannot work, a provider without a key) is no outcome but the reply's
 * error.
 */
export interface ReplayOutcome {
  replayId: ReplayId;
  report: ReplayView;
  /**
   * What the agent and the policy cost with prompt caching (issue 28), priced from the catalog with the user's prices
   * on top; absent when the catalog could not be loaded (`costProblem` says why).
   */
  cost?: ReplayCost;
  /** Why the replay has no `cost`, in words. */
  costProblem?: string;
}

/**
 * One of a held replay's compactions, opened like a run of its own: the worker now holds its result by `resultId`
 * (breakdowns, retention and probes ask about it) and its input context as a transcript of its own by `transcriptKey`,
 * so the pass timeline, Diff, Tokens and Retention show it as they show any run.
 */
export interface OpenedReplayCompaction {
  /** The id the worker holds the compaction's run by. */
  resultId: ResultId;
  result: RunResult;
  /** The context the compaction started from, as a transcript (the session's system prompt, no markers). */
  context: Transcript;
  /** The worker's key for `context`: counts, breakdowns and predictions of the context ask by it. */
  transcriptKey: string;
  /** The key of the session transcript the replay ran on (the imported one the compaction belongs to). */
  ofTranscriptKey: string;
  /** Which compaction of the replay this is (1-based), and the session message at which it happened (0-based index). */
  ordinal: number;
  atMessage: number;
  /** The profile the replay ran, the config document it ran with (retention reads its pinned lines) and its encoding. */
  profile: string;
  /** What the compaction's run read: the replayed context, or the whole history so far (ADK). */
  inputKind: 'context' | 'history';
  config: ConfigDocument;
  encoding: EncodingName;
}

export type { ReplayProgress };

/** The worker methods that replay a whole session under a policy and open its compactions. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface ReplayApi {
  /**
   * Replays the whole session under a config: walks its messages, compacts wherever the profile's gate fires and goes
   * on from the compacted context (live summarizers as `compact` builds them; the offline one without providers),
   * reporting progress to `onProgress`. Answers the report without each compaction's input and run (they stay in the
   * worker, under `replayId`, until `openReplayCompaction`); a replay refused before it ran (an invalid config,
   * settings that cannot work, a provider without a key) answers with that error. Cancelled, it answers with the steps
   * up to then. Replays do not supersede each other: A/B over the session runs two at once.
   */
  replaySession(
    request: ReplayRequest,
    onProgress?: (progress: ReplayProgress) => void,
    onDelta?: (text: string, role: SummarizerRole) => void,
    onCall?: (call: LiveCallRecord) => void,
  ): Promise<WorkerReply<ReplayOutcome>>;
  /**
   * Opens one compaction of a held replay (`ordinal`, 1-based) as a run of its own: its input context is held as a
   * transcript (`transcriptKey`) and its run as a result (`resultId`), so breakdowns, retention, probes, counts and
   * predictions ask about it as about any run. A replay the worker no longer holds answers `unknown-result` in words.
   */
  openReplayCompaction(replayId: ReplayId, ordinal: number): Promise<WorkerReply<OpenedReplayCompaction>>;
  /** Aborts every running replay; each answers with the report of the steps up to then, marked `cancelled`. */
  cancelReplays(): Promise<WorkerReply<void>>;
}
