import type { TokenCounter } from '../tokens/token-counter';
import type { CallbackRunner } from './callback-runner';

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

/**
 * The summarizer port — live providers, the offline extractive summarizer, a replay, or a scripted fake in tests —
 * with its identity: which provider serves which model at which endpoint. Two summarizers are the same model exactly
 * when all three agree (`isSameModel`), so one model id served at two endpoints stays two rungs.
 */
export interface Summarizer {
  /** Who serves the model: a provider id (`openai`, `anthropic`, …), `offline`, or a test's own name. */
  provider: string;
  /** The model id, as rung labels print it (`smol=gpt-4o-mini`). */
  modelId: string;
  /** The endpoint the user set for it, when one was set (a provider's default endpoint leaves it out). */
  baseURL?: string;
  summarize(request: SummarizeRequest): Promise<SummarizeResult>;
}

/** Time, as a port: tests pass a fake clock so backoff and budgets cost no real time. Milliseconds throughout. */
export interface Clock {
  now(): number;
  /** Resolves after `durationMs`, or rejects with an abort error as soon as `signal` aborts. */
  sleep(durationMs: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Everything the engine needs from the world for one run. The real adapters live in `src/ports` (the counter in
 * `tokenizer/`, `clock.ts`, `javascript-callback-runner.ts`; share links' `Compressor` in `deflate.ts`), the real
 * summarizers in `src/providers`.
 */
export interface EnginePorts {
  counter: TokenCounter;
  clock: Clock;
  /**
   * `main` for every profile that summarizes (without it the seeds fail with `missing-summarizer`, unified truncates);
   * `smol` when the profile has a cheap first rung, skipped when it is the same model as main (`summarizerLadder`).
   */
  summarizers: { main?: Summarizer; smol?: Summarizer };
  /** The user's abort: cancels the run at once, reported as cancelled. */
  signal?: AbortSignal;
  /** Runs the config's user-written callbacks (two-tier's); a run that needs one without it fails. */
  callbacks?: CallbackRunner;
  /**
   * True once the user agreed to run the callbacks the config carries. Without it a config carrying callbacks fails
   * with `callbacks-need-consent` before anything runs.
   */
  hasUserConsent?: boolean;
}
