/** The worker contract's types for comparing a profile with the agent's own compaction (types only). */
import type { CompactionEvent, EncodingName, EngineError, OutcomeFlag, SummarizerRole, VersusReport } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Message, Role } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { CompactProviders, WorkerReply } from './protocol';

/** One of the agent's own compactions in a transcript, as the boundary picker lists it. */
export interface VersusCompaction {
  /** 1-based, in transcript order (the CLI's `--boundary N`). */
  ordinal: number;
  /** Index in the transcript's messages of the boundary. */
  atMessage: number;
  /** What marks it in the source: `compact_boundary`, `compacted`, `condensation`, … */
  kind: string;
  trigger?: 'auto' | 'manual';
  /** False for an opaque (encrypted) summary or one the source does not hold; `whyUnreadable` says which. */
  isReadable: boolean;
  whyUnreadable?: string;
}

/** A message of a compacted context as the comparison shows it: plain text, no source record. */
export interface ContextMessageText {
  id: string;
  role: Role;
  origin: Message['origin'];
  text: string;
}

/** Compares a profile with the agent's own compaction: which transcript, the config, which compaction, how to count and summarize. */
export interface VersusRequest {
  transcriptKey: string;
  config: ConfigDocument;
  /** The compaction's 1-based ordinal; the last readable one when absent. */
  boundary?: number;
  /** The encoding both contexts are counted in exactly; o200k_base when absent. */
  encoding?: EncodingName;
  /** Live providers to summarize with, using keys the worker holds; absent → the offline summarizer. */
  providers?: CompactProviders;
  /** The user's price overrides, on top of the catalog (`@pydantic/genai-prices`) that prices every call. */
  prices?: PriceOverrides;
  allowCallbacks?: boolean;
  runAnyway?: boolean;
  /** How the profile's side is sized; as configured when absent. */
  sizing?: VersusSizing;
}

/**
 * What a comparison runs the profile on: the config as given (`as-configured`), or `like-agent` — its meta's own bounds
 * on what it keeps beside its summary (`sizedLike`) and the offline summary's budget set over the config at the values
 * a few offline runs find bring its context nearest the agent's summary tokens (at most them where a run lands
 * near), so both sides are compared at a
 * comparable size.
 */
export type VersusSizing = 'as-configured' | 'like-agent';

/**
 * A comparison's progress: the profile run's engine events, except the two that carry whole message lists (`pass-end`,
 * `run-end`): the answer holds what the comparison needs, and cloning every pass's messages to the page would cost
 * more than the run.
 */
export type VersusProgress = Exclude<CompactionEvent, { type: 'pass-end' | 'run-end' }>;

/** How the profile's side was made: the run on the messages before the boundary, and whether its gate was forced. */
export interface VersusRun {
  profile: string;
  success: boolean;
  passes: number;
  summarizerCalls: number;
  /** The setting that forced the gate (`force: true`, `tokenThreshold: 0`) when the configured gate would not fire; absent otherwise. */
  forcedGate?: string;
  /** False when the profile made no pass even so: its side is then the uncompacted context. */
  compacted: boolean;
  /** How the profile's side was sized (absent when its run was refused before it started). */
  sizing?: VersusSizing;
  /** The settings `like-agent` set over the config, by their path in it (`offlineSummary.summaryMaxTokens`); absent otherwise. */
  sizedSettings?: Record<string, unknown>;
  /** How the profile's side was made, in a sentence. */
  note: string;
  /**
   * The run's outcome flags (`runOutcome`: `no-op-pass`, `replaced-nothing`, `history-wiped`), each with its message: a
   * success that replaced nothing or wiped the history is no plain success, whatever the comparison says. Empty for a
   * plain outcome and for a run refused before it started.
   */
  flags: OutcomeFlag[];
  error?: EngineError;
}

/**
 * The comparison at one boundary: the report (tokens, need-weighted retention, lost facts, next actions of both
 * sides), both contexts as text, and how the profile's side was made.
 */
export interface VersusComparison {
  compared: true;
  compactions: VersusCompaction[];
  report: VersusReport;
  run: VersusRun;
  agentContext: ContextMessageText[];
  profileContext: ContextMessageText[];
}

/**
 * A comparison whose profile run failed (an invalid config, callbacks without consent, a provider without a key, a
 * summarizer that gave up): an answer, not a refusal, since there is something to show — the transcript's compactions
 * and the run's report with its error — and `message` says in words what did not succeed.
 */
export interface VersusRunFailure {
  compared: false;
  message: string;
  compactions: VersusCompaction[];
  run: VersusRun;
}

/**
 * What a comparison answers: the comparison, or the profile run that failed to make one. Nothing to compare against
 * (no compaction by the agent, no such boundary, no readable compaction) is no answer but a refusal: the reply's
 * error, with `no-compaction`, `no-such-boundary` or `unreadable-compaction`.
 */
export type VersusOutcome = VersusComparison | VersusRunFailure;

/** The worker methods that compare a profile with the agent's own compaction. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface VersusApi {
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
}
