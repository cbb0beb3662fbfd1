import type { Message } from '../transcript/model';
import type { Fate, Insertion } from './fates';
import type { EngineError, SummarizerRole } from './ports';

/** Tool-pair health of a pass's output (orphan results, unanswered calls, Anthropic adjacency breaks). */
export interface PairLint {
  orphanResults: string[];
  unansweredCalls: string[];
  /** Call ids whose result is not in the message right after the call's message (Anthropic requires it). */
  adjacencyBreaks: string[];
}

/** Flags a pass can raise about itself. */
export type PassFlag = 'inflation' | 'stall' | 'no-work';

/** The state after one pass: the output, what happened to every source message, and how it went. */
export interface PassSnapshot {
  pass: number;
  tokensBefore: number;
  tokensAfter: number;
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
  tokensBefore: number;
  tokensAfter: number;
  passes: PassSnapshot[];
  summarizerCalls: number;
  messages: Message[];
  error?: EngineError;
  /** Profile-specific state to thread into the next run (rolling-summary's priorState). */
  carryState?: unknown;
}

/** Every event a run emits, in order. Names are noun-verb; the worker forwards them unchanged. */
export type CompactionEvent =
  /** `maxPasses`: the most passes this run may take (for progress: "pass k of at most N"). */
  | { type: 'run-start'; profile: string; tokensBefore: number; messageCount: number; maxPasses?: number }
  | { type: 'gate'; shouldCompact: boolean; tokens: number; threshold: number; reason: string }
  | { type: 'pass-start'; pass: number; tokensBefore: number }
  /** `label` is the rung in the seed's own words (`smol=openai/gpt-4o-mini`); `maxAttempts` the tries it gets. */
  | { type: 'attempt-start'; pass: number; attempt: number; role: SummarizerRole | 'local'; model?: string; budgetMs?: number; label?: string; maxAttempts?: number }
  | { type: 'attempt-retry'; pass: number; attempt: number; delayMs: number; error: EngineError }
  | { type: 'attempt-end'; pass: number; attempt: number; ok: boolean; durationMs: number; error?: EngineError }
  | { type: 'fallback'; pass: number; from: string; to: string; reason: string }
  | { type: 'pass-end'; snapshot: PassSnapshot }
  | { type: 'run-end'; result: RunResult }
  | { type: 'run-error'; error: EngineError };

/** Receives events as they happen. */
export type EventSink = (event: CompactionEvent) => void;
