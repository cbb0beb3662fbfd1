import type { RunResult } from '../run/events';
import type { Message } from '../transcript/model';

/**
 * Where a profile's host checks its gate as a session goes on:
 * - `turn-end`: when the agent finished answering the human, just before the next human message (the Dart host checks
 *   after each run; ADK assembles each turn's request from the turns before it; harn's `post-turn` trigger);
 * - `model-call`: just before every model call, i.e. before each assistant message (harn's `preflight` trigger);
 * - `message`: after every message (harn's `daemon` trigger, which watches the context continuously);
 * - `never`: the host only compacts when someone asks (harn's `manual` trigger, or compaction switched off).
 * Every replay also checks once more at the end of the session, as if the agent were about to go on.
 */
export type ReplayCheckpoint = 'turn-end' | 'model-call' | 'message' | 'never';

/**
 * How a gate reading was estimated: `logged-usage` (the last logged provider usage plus the profile's estimate of
 * later messages; valid only while the replayed context is still the one the agent really had), `estimate` (the
 * profile's own heuristic, e.g. chars/4 or UTF-8 bytes/4, over the whole context), `exact` (the profile counts with
 * the run's tokenizer).
 */
export type GateBasis = 'logged-usage' | 'estimate' | 'exact';

/** One gate reading: what the profile's gate saw, in its own units, and whether it fires. */
export interface GateReading {
  tokens: number;
  /** The threshold the reading is held against, in the same units (`Infinity` when the gate can never fire). */
  threshold: number;
  fires: boolean;
  basis: GateBasis;
}

/**
 * A profile's gate, kept up to date message by message so that checking it costs O(1) per step. The replay owns the
 * context; the gate only reads it. `reset` is called at the start and after every compaction with the new context
 * (O(context) once per compaction); `append` with each message as it joins the context.
 */
export interface ReplayGate {
  checkpoint: ReplayCheckpoint;
  /** Words for the checkpoint in this profile's host, e.g. "after each run (the Dart host)". */
  checkpointLabel: string;
  /**
   * The message as it joins the context, when the host changes it on arrival (harn cuts oversized tool outputs at tool
   * dispatch); the message itself otherwise. Called once per message, before `append`.
   */
  admit?(message: Message): Promise<Message>;
  /**
   * True when the host rebuilds every request from the whole history and the carried state (ADK's rolling summary):
   * each check then runs the profile on the history so far, not on the compacted context.
   */
  rebuildsFromHistory?: boolean;
  reset(context: readonly Message[]): void;
  append(message: Message): void;
  reading(): GateReading;
}

/** One step of a replay: the context just after one of the session's messages joined it (and after any compaction there). */
export interface ReplayStep {
  /** Index in `transcript.messages` of the message that joined the context at this step. */
  atMessage: number;
  /** Messages in the context after this step. */
  contextMessages: number;
  /** Exact tokens of the context (system prompt included, no unstored overhead) before any compaction at this step. */
  exactTokens: number;
  /** Exact tokens after the compaction made at this step, when one was made. */
  exactTokensAfter?: number;
  /** What the profile's gate saw after this message joined (before any compaction). */
  gate: GateReading;
  /** What the gate saw after the compaction made at this step, when one was made. */
  gateAfter?: GateReading;
  /** The ordinal (1-based) of the compaction made at this step. */
  compaction?: number;
  /** The context the agent really had at this call, as the provider logged it (assistant messages with usage only). */
  loggedContextTokens?: number;
  /** The message's own timestamp, when the source logged one. */
  createdAt?: string;
}

/** Fact retention of one replayed compaction. */
export interface ReplayRetention {
  /** Facts of the compacted part (paths, identifiers, commands, errors, …) the compacted context no longer holds. */
  factsLost: number;
  factsTotal: number;
  /**
   * Of the compacted part's facts the session used again later, the share the compacted context still held (0..1);
   * absent when the session does not go on after the compaction or used none of them again.
   */
  needWeighted?: { score: number; needed: number; kept: number };
}

/** One compaction the policy made during the replay: a full run, so every view can open it. */
export interface ReplayCompaction {
  /** 1-based, in session order. */
  ordinal: number;
  /** The compaction happened once the message at this index had joined the context (its step's `atMessage`). */
  atMessage: number;
  /** Why the gate fired, in words, e.g. "turn end: 171,204 > 167,232 (logged usage)". */
  reason: string;
  gate: GateReading;
  /** Exact tokens of the context (system prompt included) before and after. */
  tokensBefore: number;
  tokensAfter: number;
  passes: number;
  summarizerCalls: number;
  /** Exact tokens of every prompt and system text sent to a summarizer in this compaction. */
  tokensToSummarizers: number;
  /** US dollars of this compaction's summarizer calls; 0 for the offline summarizer, null when any call had no price. */
  costUsd: number | null;
  /** True when the run succeeded; a failed run left the context as the run's last state and the replay went on. */
  success: boolean;
  /** The run's outcome in words when it did not succeed, or when it succeeded still over the trigger. */
  outcome?: string;
  /** The context the run compacted (its input), and the run itself. */
  input: Message[];
  run: RunResult;
  /** Absent until measured (`measureReplayRetention`), or when the caller asked for none. */
  retention?: ReplayRetention;
}

/** A compaction the agent itself made in the source (Claude Code `compact_boundary`, Codex `compacted`, OpenHands condensation). */
export interface SourceCompaction {
  /** Index in `transcript.messages` of the boundary: the agent's context before it ends just before this message. */
  atMessage: number;
  kind: string;
  trigger?: 'auto' | 'manual';
  /** The context size the source logged before the compaction, in the provider's tokens, when it logged one. */
  loggedTokensBefore?: number;
  loggedTokensAfter?: number;
}

/** The replay's totals. Token figures are exact counts (system prompt included, no unstored overhead). */
export interface ReplayTotals {
  compactions: number;
  /** Compactions whose run failed (the replay went on with the context as the run left it). */
  failedCompactions: number;
  summarizerCalls: number;
  tokensToSummarizers: number;
  /** US dollars; null when any call had no price (an offline replay costs 0). */
  costUsd: number | null;
  peakTokens: number;
  /** Steps whose context (before any compaction at the step) was over the trigger by the gate's own reading. */
  stepsOverTrigger: number;
  /** That count as a share of all steps (0..1). */
  shareOverTrigger: number;
  /** Wall-clock time the session spent over the trigger, from the messages' timestamps; absent without timestamps. */
  timeOverTriggerMs?: number;
}

/** What a profile would have done over the whole session. */
export interface ReplayReport {
  profile: string;
  /** The profile's context window, when it has one. */
  window?: number;
  /**
   * The gate's context threshold, in the gate's units (its basis may change as the replay goes on); null when the gate
   * holds no context size against a threshold (rolling summary: `triggerComparedWith` says what it compares).
   */
  trigger: number | null;
  /** What the profile's trigger is compared with when it is not the whole context, in words. */
  triggerComparedWith?: string;
  checkpoint: ReplayCheckpoint;
  checkpointLabel: string;
  /** How the gate's readings were estimated, in words: when logged usage stopped being used, and why. */
  estimation: string;
  encoding: string;
  steps: ReplayStep[];
  compactions: ReplayCompaction[];
  sourceCompactions: SourceCompaction[];
  totals: ReplayTotals;
  /** True when the user cancelled: the report covers the steps up to then. */
  cancelled: boolean;
  /** Messages of the transcript the replay left out (sidechains, and the summaries the agent's own compactions wrote). */
  skippedMessages: number;
}

/** Progress of a replay, after each step. */
export interface ReplayProgress {
  /** Transcript messages replayed so far, of `total`. */
  done: number;
  total: number;
  compactions: number;
}
