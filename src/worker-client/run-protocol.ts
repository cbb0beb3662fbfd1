/**
 * The worker contract's types for a compaction run and the questions about its held result: per-kind breakdowns,
 * retention, and the offline prediction of a config (types only).
 */
import type { CompactionEvent, EncodingName, PassRetention, RunResult, SettingsProblem, SummarizerRole, TokenKind } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { CompactProviders, ConfigLimits, ResultId, WorkerReply } from './protocol';

// The kinds live in the engine (the breakdown classifies with them); re-exported so the page reads them from here.
export { tokenKinds, type TokenKind } from '../engine';

/** A finished compaction and the id the worker holds it by. */
export interface CompactAnswer {
  resultId: ResultId;
  result: RunResult;
}

/** What a per-kind breakdown is of: a transcript as imported (pass 0 alone), or a held result (pass 0 and every pass). */
export type BreakdownSubject = { transcriptKey: string } | { resultId: ResultId };

/** A compaction request: which transcript, the config document (`{schemaVersion, profile, …}`), and the user's consents. */
export interface CompactRequest {
  transcriptKey: string;
  config: ConfigDocument;
  /** The user's explicit consent to run JavaScript callbacks the config carries. */
  allowCallbacks?: boolean;
  /** Live providers to summarize with, using keys the worker holds; absent → the offline summarizer. */
  providers?: CompactProviders;
  /** The user's price overrides, on top of the catalog (`@pydantic/genai-prices`) that prices every call. */
  prices?: PriceOverrides;
  /** The encoding every state is counted in exactly (the page's), so run figures match the page's; o200k_base when absent. */
  encoding?: EncodingName;
  /** The user's choice to run settings that cannot work as set (see `impossibleSettings`); refused before any work otherwise. */
  runAnyway?: boolean;
}

/** Exact tokens of one conversation state by kind, in the chosen encoding. Pass 0 is the original transcript. */
export interface PassBreakdown {
  pass: number;
  byKind: Record<TokenKind, number>;
  total: number;
}

/** A prediction superseded by a newer one ends with this instead of a prediction (inside the worker; the page sees a `cancelled` error). */
export interface Cancelled {
  cancelled: true;
}

/** What the engine would do with a config, predicted with the offline summarizer (no provider call, no events). */
export interface RunPrediction {
  shouldCompact: boolean;
  /** The tokens the profile's gate compared, in the profile's own estimate ("the gate saw"). */
  tokens: number;
  threshold: number;
  /** The gate's own words, e.g. which of ratio × window or window − reserve set the threshold. */
  reason: string;
  passes: number;
  /** Summarizer calls the offline run made: what a live run would make at least (retries and fallbacks add more). */
  summarizerCalls: number;
  /** Where the profile's own estimate ends. */
  tokensAfter: number;
  /** Exact content counts of the transcript and of the predicted output, in the requested encoding (no overhead). */
  exact?: RunResult['exact'];
  /** The config's limits for the chart's lines, in tokens; absent where the profile has no such limit. */
  limits: ConfigLimits;
  /** Settings that cannot work as set (the prediction runs them anyway, to show what they would do). */
  settingsProblems: SettingsProblem[];
  /**
   * Set when the config is invalid (every other field is then zero and `limits` empty) or the predicted run failed
   * (the numbers then say how far it got).
   */
  error?: string;
}

/** The worker methods that run a compaction and ask about a held result (breakdowns, retention, prediction). Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface RunApi {
  /**
   * Runs a compaction profile on a transcript, forwarding every engine event to `onEvent`: with the offline summarizer,
   * or with live providers when `request.providers` is set (summary text streams to `onDelta`, each finished call to
   * `onCall`). Answers the result with the id the worker holds it by. An invalid config resolves as a failed result
   * whose error lists the bad fields by path; a hosted provider without a key resolves as failed with a `missing-key`
   * error before anything is called. A newer `compact` cancels a running one, which resolves with `cancelled: true`.
   */
  compact(
    request: CompactRequest,
    onEvent: (event: CompactionEvent) => void,
    onDelta?: (text: string, role: SummarizerRole) => void,
    onCall?: (call: LiveCallRecord) => void,
  ): Promise<WorkerReply<CompactAnswer>>;
  /** Aborts the running compaction (its HTTP request is closed); the run resolves with `cancelled: true`. */
  cancelCompaction(): Promise<WorkerReply<void>>;
  /**
   * Exact tokens by kind of the original transcript (pass 0, always there) and, for a held result, of every pass of it.
   */
  breakdownPasses(subject: BreakdownSubject, encoding: EncodingName): Promise<WorkerReply<PassBreakdown[]>>;
  /** Fact retention and loss flags of every pass of a held result, with the pinned lines of the config it ran with. */
  measureRetention(resultId: ResultId): Promise<WorkerReply<PassRetention[]>>;
  /**
   * Predicts a config's gate and pass count on a transcript with the offline summarizer — no provider call, nothing
   * streamed. A newer prediction supersedes a running one, which answers with a `cancelled` error.
   */
  predictRun(transcriptKey: string, config: ConfigDocument, encoding: EncodingName): Promise<WorkerReply<RunPrediction>>;
}
