import type { TokenCounter } from '../tokens/token-counter';

export type { EngineError } from './errors';

/** Which rung of the summarizer ladder a call is on: the cheap model, the main model, or a profile's only summarizer. */
export type SummarizerRole = 'smol' | 'main' | 'single';

/** One summarization request. `system` and `prompt` are the exact texts the seed would send. */
export interface SummarizeRequest {
  role: SummarizerRole;
  system: string;
  prompt: string;
  /** Aborted when the attempt's budget runs out or the user cancels; a summarizer must stop promptly. */
  signal: AbortSignal;
  /** Upper bound on the summary length the profile asks for, in tokens, when it sets one. */
  maxOutputTokens?: number;
}

/** A summarizer's answer. `usage` is the provider's own count when it reports one. */
export interface SummarizeResult {
  text: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  /** Model id that answered, for reports. */
  model?: string;
}

/** The summarizer port: live providers, the offline extractive summarizer, a replay, or a scripted fake in tests. */
export type Summarizer = (request: SummarizeRequest) => Promise<SummarizeResult>;

/** Time, as a port: tests pass a fake clock so backoff and budgets cost no real time. Milliseconds throughout. */
export interface Clock {
  now(): number;
  /** Resolves after `durationMs`, or rejects with an abort error as soon as `signal` aborts. */
  sleep(durationMs: number, signal?: AbortSignal): Promise<void>;
}

/** Everything the engine needs from the world for one run. */
export interface EnginePorts {
  counter: TokenCounter;
  clock: Clock;
  /** `main` always; `smol` when the profile has a cheap first rung (skipped when it is the same model as main). */
  summarizers: { main?: Summarizer; smol?: Summarizer };
  /** Model ids behind the summarizers, so a profile can tell when smol and main are the same model. */
  models?: { main?: string; smol?: string };
  /** The user's abort: cancels the run at once, reported as cancelled. */
  signal?: AbortSignal;
}
