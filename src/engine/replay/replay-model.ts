import type { SettingsProblem } from '../issues';
import type { OutcomeFlag } from '../run/context-outcome';
import type { RunResult } from '../run/events';
import type { GateReading, ReplayCheckpoint } from '../run/replay-gate';
import type { EncodingName } from '../tokens/token-counter';
import type { Message } from '../transcript/model';

export type { GateBasis } from '../run/replay-gate';

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
  /** The config's pinned lines, and how many the compacted context still holds verbatim; absent when it pins none. */
  pinned?: { total: number; kept: number };
  /**
   * Of the compacted part's facts the session used again after the compaction (up to the next one), the share the
   * compacted context still held (0..1); absent when the session does not go on or used none of them again.
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
  /** The run's outcome in words when it did not succeed, or succeeded yet wiped the history, replaced nothing or left the context over the trigger. */
  outcome?: string;
  /** The run's `history-wiped` and `replaced-nothing` flags (`compactionFlags`); over-window is the basis's, in `replayContext`. */
  flags: OutcomeFlag[];
  /**
   * What the run compacted (its input: the context, or the whole history for a host that rebuilds every request from
   * it, as rolling-summary's does — its fates describe that history), and the run itself.
   */
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
  /**
   * What each compaction's run read: the `context` as the replay held it (compacted before), or the whole `history` so
   * far with the carried state (ADK rebuilds every request from it).
   */
  compactionInput: 'context' | 'history';
  /** How the gate's readings were estimated, in words: when logged usage stopped being used, and why. */
  estimation: string;
  /** The encoding the replay's exact counts are in. */
  encoding: EncodingName;
  steps: ReplayStep[];
  compactions: ReplayCompaction[];
  sourceCompactions: SourceCompaction[];
  totals: ReplayTotals;
  /** True when the user cancelled: the report covers the steps up to then. */
  cancelled: boolean;
  /** Settings that cannot work as set which the user chose to replay anyway (see `impossibleSettings`). */
  forcedSettings?: SettingsProblem[];
  /** Why the replay ended before the session did, when a compaction failed in a way every later one would too (callbacks without consent, or their time budget spent). */
  stopped?: string;
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
