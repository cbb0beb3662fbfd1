import type { EncodingName } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import type { Fate, Insertion } from '../transcript/fates';
import type { EngineError } from './errors';
import type { SummarizerRole } from './ports';
import type { SettingsProblem } from '../issues';

/** Tool-pair health of a pass's output (orphan results, unanswered calls, Anthropic adjacency breaks). */
export interface PairLint {
  orphanResults: string[];
  unansweredCalls: string[];
  /** Call ids whose result is not in the message right after the call's message (Anthropic requires it). */
  adjacencyBreaks: string[];
}

/**
 * Flags a pass can raise about itself. `no-op` is raised by `runProfile`, not the profile: the pass changed the fate of
 * no source message (nothing summarized, masked, trimmed or dropped) and left the exact context no smaller.
 */
export type PassFlag = 'inflation' | 'stall' | 'no-work' | 'no-op';

/** Exact tokens of a state — system prompt plus messages — before and after a pass or run, in the measuring encoding. */
interface ExactTokens {
  before: number;
  after: number;
}

/** The state after one pass: the output, what happened to every source message, and how it went. */
export interface PassSnapshot {
  pass: number;
  /** The profile's own estimate before the pass (what its gate saw), in its own units: chars/4, logged usage + tail, …. */
  tokensBefore: number;
  /** The profile's own estimate after the pass. */
  tokensAfter: number;
  /** Exact counts of the state before and after the pass, in `RunResult.exact.encoding`; filled in by `runProfile`. */
  exact?: ExactTokens;
  /** The strategy that produced this pass's output, e.g. `llm-summary`, `local-trim`, `observation-mask`. */
  strategy: string;
  attempts: number;
  /** The rung that finally answered when it was not the first one (`main`, `local-trim`, `truncate`). */
  fallback?: string;
  ok: boolean;
  error?: EngineError;
  /** The compacted conversation after this pass (system prompt excluded; it is carried separately). */
  messages: Message[];
  /** Fate of every source message id of the run's input, in this pass's output. */
  fates: Record<string, Fate>;
  insertions: Insertion[];
  lint: PairLint;
  flags: PassFlag[];
  durationMs: number;
  /** The summary text this pass produced, when it produced one. */
  summary?: string;
  /** Things the user must be told about this pass that are not errors (e.g. pinned lines dropped for a budget). */
  notices?: string[];
  /** Source-context messages a local trim dropped from the live context (seed 1, #673). */
  droppedMessages?: number;
}

/** The run's outcome. */
export interface RunResult {
  profile: string;
  success: boolean;
  cancelled: boolean;
  /** The profile's own estimate of the input (what its gate saw). */
  tokensBefore: number;
  /** The profile's own estimate of the output. */
  tokensAfter: number;
  /**
   * Exact counts of the input and the output (system prompt included), the encoding, and the system prompt's own count
   * when there is one (no profile compacts it, so it sits in both); filled in by `runProfile`.
   */
  exact?: ExactTokens & { encoding: EncodingName; system?: number };
  /** Settings that cannot work as set which the user chose to run anyway (see `impossibleSettings`). */
  forcedSettings?: SettingsProblem[];
  passes: PassSnapshot[];
  summarizerCalls: number;
  messages: Message[];
  error?: EngineError;
  /** Profile-specific state to thread into the next run (rolling-summary's priorState). */
  carryState?: unknown;
}

/** Every event a run emits, in order. Names are noun-verb; the worker forwards them unchanged. */
export type CompactionEvent =
  /**
   * `tokensBefore` is the profile's own estimate; `exactTokens` the exact count (filled in by `runProfile`);
   * `maxPasses`: the most passes this run may take (for progress: "pass k of at most N").
   */
  | { type: 'run-start'; profile: string; tokensBefore: number; exactTokens?: number; messageCount: number; maxPasses?: number }
  /** `tokens` is what the gate saw (the profile's own estimate); `exactTokens` the exact count of the same state. */
  | { type: 'gate'; shouldCompact: boolean; tokens: number; exactTokens?: number; threshold: number; reason: string }
  | { type: 'pass-start'; pass: number; tokensBefore: number; exactTokensBefore?: number }
  /** `label` is the rung in the seed's own words (`smol=openai/gpt-4o-mini`); `maxAttempts` the tries it gets. */
  | { type: 'attempt-start'; pass: number; attempt: number; role: SummarizerRole | 'local'; model?: string; budgetMs?: number; label?: string; maxAttempts?: number }
  | { type: 'attempt-retry'; pass: number; attempt: number; delayMs: number; error: EngineError }
  | { type: 'attempt-end'; pass: number; attempt: number; ok: boolean; durationMs: number; error?: EngineError }
  | { type: 'fallback'; pass: number; from: string; to: string; reason: string }
  | { type: 'pass-end'; snapshot: PassSnapshot }
  | { type: 'run-end'; result: RunResult }
  /** Emitted before the profile runs when the user ran settings that cannot work as set anyway. */
  | { type: 'settings-forced'; problems: SettingsProblem[] }
  | { type: 'run-error'; error: EngineError };

/** Receives events as they happen. */
export type EventSink = (event: CompactionEvent) => void;
