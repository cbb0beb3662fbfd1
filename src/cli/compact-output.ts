import type { RunResult, SettingsProblem } from '../engine';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import type { CompactFlag } from './context-output';
import type { ContextOutput } from '../lab/run-context';
import type { ProbeOutput } from './probe-output';
import type { StartOutput } from './run-start-option';
import type { NeedWeightedOutput, RetentionOutput } from './retention-output';

/** The JSON `compact --json` prints. Field names are a public contract: add fields, never rename. */
export interface CompactOutput {
  profile: string;
  /** Where the run started (`--from`): the whole file, or the context as the agent last held it (`context.before` counts that). */
  start: StartOutput;
  /** What the profile reported; `outcome` says what really happened. */
  success: boolean;
  cancelled: boolean;
  /**
   * What the run really did, in words: `ok`, `cancelled`, `failed: …`, `fell back: …` (its callbacks spent their
   * budget), or what its flags say instead of success (`over the window: the next call would be refused`,
   * `replaced nothing: …`, `history wiped: …`).
   */
  outcome: string;
  /** The profile's own estimate before the run: what its gate saw, in its own units (see `context` for exact counts). */
  tokensBefore: number;
  /** The profile's own estimate after the run. */
  tokensAfter: number;
  /**
   * `tokensBefore/After`: the profile's own estimate (what its gate saw); `exact`: exact counts of the state before and
   * after the pass in `context.encoding` (add `context.unstoredOverhead` for context tokens); `retention`: the share of
   * facts compacted so far that this pass's output still holds (0–1); `needWeighted`: of the facts the source used
   * after the messages the pass compacted, the share its output holds without those later messages (absent when
   * nothing comes after them).
   */
  passes: { pass: number; tokensBefore: number; tokensAfter: number; exact?: { before: number; after: number }; strategy: string; attempts: number; fallback?: string; ok: boolean; durationMs: number; flags: string[]; lint: RunResult['passes'][number]['lint']; retention: number; needWeighted?: NeedWeightedOutput }[];
  summarizerCalls: number;
  summarizer: string;
  pinnedLines: { total: number; survived: number };
  error?: RunResult['error'];
  /** The run's context on the encoding basis: exact counts before and after, the unstored overhead, the trigger and window. */
  context: ContextOutput;
  /** With `--run-anyway`: the settings that cannot work as set which ran anyway. */
  forcedSettings?: SettingsProblem[];
  /** Every summarizer attempt, from the engine's attempt events; `label` is the rung (`smol=<model>`, `main=<model>`). */
  attempts: AttemptReport[];
  /** Live provider calls (absent for offline runs): host, status, usage and cost — never the key. */
  calls?: LiveCallRecord[];
  /** Fact retention of the last pass, cumulative (see `retentionOutput`). */
  retention: RetentionOutput;
  /** Loss flags of every pass and the run's outcome flags (`no-op-pass`, `estimate-disagrees`, `over-window`, `history-wiped`, `replaced-nothing`), each with its pass, in pass order. */
  flags: CompactFlag[];
  /** Summed usage and cost of the live calls; `costUsd` is null when any call's cost is unknown. */
  usage?: { inputTokens: number; outputTokens: number; costUsd: number | null };
  /** With `--probe`: probe questions about the last pass answered from its output, scored per kind, and their calls. */
  probes?: ProbeOutput;
}

/** One attempt as `compact --json` reports it. */
export interface AttemptReport {
  pass: number;
  label: string;
  attempt: number;
  ok: boolean;
  error?: string;
  retryable: boolean;
  durationMs: number;
  /** The backoff before the next attempt, when the engine retried after this one. */
  retryDelayMs?: number;
}
