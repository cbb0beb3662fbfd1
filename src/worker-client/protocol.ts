/**
 * The typed contract between the main thread and the lab worker (types only: both sides import it, neither ships code
 * through it). Everything crossing it is structured-cloneable data — errors included, never class instances.
 */
import type {
  CompactionEvent, ConfigIssue, EncodingName, EngineError, ImportReport, PassRetention, Probe, ProbeOptions, ProbePlan, ProbeReport,
  ProbeStep, ProfileLimits, RunResult, SettingsProblem, SummarizerRole, TokenKind, UsageFit,
} from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Role, Transcript } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { PriceTable } from '../providers/live/pricing';
import type { ProviderId, ProviderSpec } from '../providers/live/provider-spec';

import type { CompactProviders, ConnectionResult, MaskedProviderKey } from './provider-protocol';
import type { OpenedReplayCompaction, ReplayId, ReplayOutcome, ReplayProgress, ReplayRequest } from './replay-protocol';
import type { VersusOutcome, VersusProgress, VersusRequest } from './versus-protocol';

export type { LiveCallRecord, ProviderSpec };
export type { CompactProviders, ConnectionProblem, ConnectionRequest, ConnectionResult, MaskedProviderKey } from './provider-protocol';
export type { ContextMessageText, VersusComparison, VersusCompaction, VersusOutcome, VersusProgress, VersusRequest, VersusRun, VersusRunFailure, VersusSizing } from './versus-protocol';

/** The result of importing one input in the worker. `transcriptKeys[i]` names `transcripts[i]` in later worker calls. */
export interface ImportResponse {
  transcripts: Transcript[];
  transcriptKeys: string[];
  report: ImportReport;
  /** Instant per-message estimates for each transcript (`estimates[transcript][message]`), shown until exact counts arrive. */
  estimates: number[][];
  /** Estimate for each transcript's system prompt (0 when there is none). */
  systemEstimates: number[];
}

/** Exact counts for a slice of messages, streamed while a count runs. */
export interface TokenBatch {
  transcriptKey: string;
  encoding: EncodingName;
  /** Index of the first message this batch covers; `counts[i]` is for message `startIndex + i`. */
  startIndex: number;
  counts: number[];
  /** Messages counted so far, out of `total`. */
  done: number;
  total: number;
}

/** The finished exact count of one transcript. */
export interface TokenSummary {
  transcriptKey: string;
  encoding: EncodingName;
  perMessage: number[];
  system: number;
  total: number;
  byRole: Record<Role, number>;
  /** Messages whose count came from the cache instead of the tokenizer. */
  cachedMessages: number;
  /** What the source's logged usage says against these counts: the unstored overhead and a tokenizer calibration. */
  usage: UsageFit;
  durationMs: number;
}

/** A request superseded by a newer one ends with this instead of a summary (inside the worker; the page sees a `cancelled` error). */
export interface Cancelled {
  cancelled: true;
}

/**
 * Every worker method's answer: its value, or what went wrong as data. No method throws across the boundary; the page
 * unwraps replies in one place (`unwrap` in `worker-client/reply.ts`). Only a worker that died rejects a call.
 *
 * One rule says which of the two a reply is, for every method (and for the lab functions the CLI shares with it):
 * - A **refusal** (`{ok: false, error}`): the method has nothing of its kind to give back. What the request names is
 *   not held or not there (an unknown transcript or result, a transcript without a compaction by the agent, a
 *   boundary it does not hold, an unreadable compaction, a pass that compacted nothing to probe), the work was refused
 *   before any of it ran (a replay's invalid config, settings that cannot work, a missing key), or it stopped with
 *   nothing to show (a probe run that failed; any request cancelled or superseded before it had something, as
 *   `cancelled`, the one cancel). The error's `code` is an `EngineErrorCode`: the page and the CLI branch on codes,
 *   and show the message in the lab's own words.
 * - An **answer** (`{ok: true, value}`), even one that went badly: the method has something of its kind to show, and
 *   the value says in its own fields what went wrong. A failed or cancelled compaction is a `RunResult` that says how
 *   far it got; a comparison whose profile run failed still lists the transcript's compactions and reports the run; a
 *   cancelled replay reports the steps up to then; a config's validation lists its issues by path; a connection test
 *   that found a bad key names the problem and the request it made, for the network panel.
 */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: EngineError };

/**
 * Names one finished compaction in later worker calls (breakdowns, retention, probes). The worker holds a few recent
 * results by id; an id it no longer holds answers with an `unknown-result` error, never with another run's result.
 */
export type ResultId = string;

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
  /** The user's edited price table for call costs (the built-in one when absent). */
  prices?: PriceTable;
  /** The encoding every state is counted in exactly (the page's), so run figures match the page's; o200k_base when absent. */
  encoding?: EncodingName;
  /** The user's choice to run settings that cannot work as set (see `impossibleSettings`); refused before any work otherwise. */
  runAnyway?: boolean;
}

// The kinds live in the engine (the breakdown classifies with them); re-exported so the page reads them from here.
export { tokenKinds, type TokenKind } from '../engine';

// Probe types live in the engine (issue 7); re-exported so the page reads them from the contract.
export {
  perKindLimits, probeKinds, type Probe, type ProbeGrade, type ProbeKind,
  type ProbeOptions, type ProbeQuestionSource, type ProbeReport, type ProbeStep,
} from '../engine';

/** What a probe run of a pass of a held result would cost, asked before it runs. `model` and `prices` price it; tokens are in `encoding`. */
export interface ProbePlanRequest {
  resultId: ResultId;
  pass: number;
  options: ProbeOptions;
  encoding: EncodingName;
  model?: string;
  prices?: PriceTable;
  /** An earlier report's questions to ask again (then no question is written). */
  askAgain?: Probe[];
}

/** A probe plan with the most it can cost in US dollars (null when the model is not priced). */
export interface PricedProbePlan {
  plan: ProbePlan;
  maxCostUsd: number | null;
}

/** A probe run: which pass of which held result, how, and the live model (with a key the worker holds). */
export interface ProbeRunRequest {
  resultId: ResultId;
  pass: number;
  options: ProbeOptions;
  provider: ProviderSpec;
  prices?: PriceTable;
  /** An earlier report's questions to ask again, so runs of different configs answer the same questions. */
  askAgain?: Probe[];
}

/** Exact tokens of one conversation state by kind, in the chosen encoding. Pass 0 is the original transcript. */
export interface PassBreakdown {
  pass: number;
  byKind: Record<TokenKind, number>;
  total: number;
}

/** A config's limits as the chart draws them. `trigger` is the threshold that fires first; `triggerRule` says which rule set it. */
export interface ConfigLimits extends ProfileLimits {
  /** The profile's id, as the parsed config names it. */
  profile?: string;
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

// --- Config editor (issue 6: describeConfig / validateConfig) ---

/**
 * A JSON Schema node as `z.toJSONSchema` writes a profile's parameters (input side: a defaulted field is not required),
 * with the safe-integer bounds dropped and each field's `description` filled in where the lab documents it.
 * Nullable fields come as `anyOf: [X, {type: 'null'}]` or `type: [X, 'null']`.
 */
export interface ConfigJsonSchema {
  type?: string | string[];
  properties?: Record<string, ConfigJsonSchema>;
  required?: string[];
  items?: ConfigJsonSchema;
  anyOf?: ConfigJsonSchema[];
  enum?: (string | number | boolean | null)[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  additionalProperties?: boolean | ConfigJsonSchema;
}

/** A config document checked by the engine's own schema: the parsed config with defaults filled in, or every problem. */
export type ConfigValidation =
  | {
      ok: true;
      config: { schemaVersion: number; profile: string; parameters: Record<string, unknown> };
      /** The limits the config sets, in tokens, and which rule set each. */
      limits: ConfigLimits;
      /** Settings that cannot work as set; a run refuses them unless the user runs anyway. */
      settingsProblems: SettingsProblem[];
    }
  | { ok: false; issues: ConfigIssue[] };

// --- Config as code (issue 6: renderConfigCode) ---

/** The languages a config renders in: seed 1's Dart, seed 2's TypeScript, seed 3's Harn (script plus Rust). */
export type ConfigCodeLanguage = 'dart' | 'ts' | 'harn';

/** A config as code for a seed's API, with what to know about it; or, for an invalid config, every problem by path. */
type ConfigCodeResult = { ok: true; code: string; notes: string[] } | { ok: false; issues: ConfigIssue[] };

/**
 * What the lab worker exposes (through comlink). Every method answers a {@link WorkerReply}: errors come back as data
 * (an unknown transcript, a result no longer held, a superseded request as `cancelled`), never as a throw.
 */
export interface LabWorkerApi {
  /** Reads and imports a file in the worker, so a large file never blocks the page. */
  importFile(file: Blob, fileName: string): Promise<WorkerReply<ImportResponse>>;
  /** Imports pasted text. */
  importText(text: string, fileName?: string): Promise<WorkerReply<ImportResponse>>;
  /**
   * Counts every message of a transcript exactly, calling `onBatch` as batches finish. A newer `countTokens` call
   * supersedes a running one, which then answers with a `cancelled` error.
   */
  countTokens(transcriptKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void): Promise<WorkerReply<TokenSummary>>;
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
  /** Lets the worker drop a held result now (the A/B panel keeps only what it measured), instead of when it ages out. */
  releaseResult(resultId: ResultId): Promise<WorkerReply<void>>;
  /** Stores a provider's key in worker memory, or clears it with null. The key never comes back to the page. */
  setProviderKey(provider: ProviderId, key: string | null): Promise<WorkerReply<void>>;
  /** The held keys, masked as `••••` plus the last four characters. */
  listProviderKeys(): Promise<WorkerReply<MaskedProviderKey[]>>;
  /** Forgets every held key. */
  clearProviderKeys(): Promise<WorkerReply<void>>;
  /** Lists the provider's models with the held key, or says plainly what is wrong. */
  testConnection(spec: ProviderSpec): Promise<WorkerReply<ConnectionResult>>;
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
  // --- Probe mode (issue 7) ---
  /**
   * The calls, tokens and most cost of probing a pass of a held result, computed without any call. A pass that
   * compacted nothing to ask about is refused (`nothing-to-probe`) in words.
   */
  planProbes(request: ProbePlanRequest): Promise<WorkerReply<PricedProbePlan>>;
  /**
   * Probes a pass of a held result with a live model: each step to `onStep` as it starts, each finished call to
   * `onCall` with its step; answers the report. A run that cannot start (an invalid model, a missing key) or stops (a
   * reply it cannot read: `probe-failed`; a provider failure: the provider's code, `http-429`) is refused in words,
   * never with a key. A newer `runProbes` cancels a running one.
   */
  runProbes(request: ProbeRunRequest, onStep: (step: ProbeStep) => void, onCall?: (call: LiveCallRecord, step: ProbeStep) => void): Promise<WorkerReply<ProbeReport>>;
  /** Aborts the running probe run (its HTTP request is closed); it answers with a `cancelled` error. */
  cancelProbes(): Promise<WorkerReply<void>>;
  // --- Against the agent's own compaction (issue 16) ---
  /**
   * Cuts the transcript at one of the agent's own compactions, runs the config's profile on what came before (its
   * progress to `onProgress`; live summarizers as `compact` builds them), and compares both compacted contexts with
   * what the agent needed afterwards. A transcript without a compaction by the agent, without the one asked for, or
   * without a readable one is refused (`no-compaction`, `no-such-boundary`, `unreadable-compaction`) in words; a profile
   * run that fails is an answer (`compared: false`, with the run's report). A newer comparison (or `cancelVersus`)
   * cancels a running one, which answers with a `cancelled` error.
   */
  compareWithAgent(
    request: VersusRequest,
    onProgress?: (progress: VersusProgress) => void,
    onDelta?: (text: string, role: SummarizerRole) => void,
    onCall?: (call: LiveCallRecord) => void,
  ): Promise<WorkerReply<VersusOutcome>>;
  /** Aborts the running comparison's profile run; the comparison answers with a `cancelled` error. */
  cancelVersus(): Promise<WorkerReply<void>>;
  // --- Session replay (issue 18) ---
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
  // --- Config editor (issue 6) ---
  /** A profile's parameters as JSON Schema, from the very zod schema the engine validates with. */
  describeConfig(profile: string): Promise<WorkerReply<ConfigJsonSchema>>;
  /** Checks a config document `{schemaVersion, profile, …parameters}` as a run would, naming each bad field by path. */
  validateConfig(document: ConfigDocument): Promise<WorkerReply<ConfigValidation>>;
  // --- Config as code (issue 6) ---
  /**
   * Renders a config document as code for a seed's own API (only the values that differ from the defaults, or every
   * value with `emitAll`); an invalid config comes back as its issues.
   */
  renderConfigCode(config: ConfigDocument, language: ConfigCodeLanguage, options?: { emitAll?: boolean }): Promise<WorkerReply<ConfigCodeResult>>;
}
