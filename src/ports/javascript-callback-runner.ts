import type { CallbackRunner } from '../engine';

/** How long one callback call may take before it fails, unless the caller sets its own budget: a summarizer attempt has one too. */
export const defaultCallbackBudgetMs = 60_000;

/**
 * Runs the synchronous part of a call under a deadline, throwing `callbackTimeoutError` when it passes. A timer alone
 * cannot stop a loop that never yields; a host able to interrupt one (`node:vm`'s timeout) may pass such a deadline.
 * Optional: without it, only a callback that awaits forever is stopped. (The CLI needs none: it runs this runner in a
 * worker thread, which it stops when a call's budget passes.)
 */
type SynchronousDeadline = (call: () => unknown, budgetMs: number) => unknown;

/** How a runner limits the callbacks it runs. */
export interface CallbackRunnerOptions {
  /** Milliseconds one call may take, `defaultCallbackBudgetMs` when absent. */
  budgetMs?: number;
  deadline?: SynchronousDeadline;
}

/** The error a callback that runs past its budget fails with; the profile reports it as the callback failing. */
export function callbackTimeoutError(budgetMs: number): Error {
  return new Error(`timed out: the callback did not finish within its ${budgetMs / 1000} s budget`);
}

/**
 * Compiles a user-written callback from its source text: a function expression such as `messages => messages.map(…)`.
 * Runs only where the user consented (the engine refuses configs with callbacks otherwise). Strict mode; no access to
 * the caller's scope. This is the user's own code on their own data, not a sandbox against hostile code.
 */
function compile(source: string): (...args: unknown[]) => unknown {
  let candidate: unknown;
  try {
    candidate = new Function(`"use strict"; return (${source}\n);`)();
  } catch (error) {
    throw new Error(`The callback does not compile: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof candidate !== 'function') throw new Error('The callback must be a function expression, e.g. `messages => messages.map(() => null)`.');
  return candidate as (...args: unknown[]) => unknown;
}

/** Settles with what `start` returns (or its promise), or fails with the timeout error once `budgetMs` has passed. */
function withinBudget(start: () => unknown, budgetMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(callbackTimeoutError(budgetMs)), budgetMs);
    const settle = (finish: () => void): void => {
      clearTimeout(timer);
      finish();
    };
    try {
      Promise.resolve(start()).then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error)),
      );
    } catch (error) {
      settle(() => reject(error));
    }
  });
}

/**
 * The real CallbackRunner for the worker and the CLI. Inputs are deep copies, so a callback cannot alter the engine's
 * data. Every call has a time budget, as every summarizer attempt does: a callback still running when it passes fails
 * with a timeout, which fails the pass (a compress callback falls back to the heuristic, as any failing one does).
 */
export function createJavaScriptCallbackRunner(options: CallbackRunnerOptions = {}): CallbackRunner {
  const budgetMs = options.budgetMs ?? defaultCallbackBudgetMs;
  const { deadline } = options;
  const cache = new Map<string, (...args: unknown[]) => unknown>();
  const run = async (source: string, argument: unknown): Promise<unknown> => {
    let callback = cache.get(source);
    if (!callback) {
      callback = compile(source);
      cache.set(source, callback);
    }
    const compiled = callback;
    const input = structuredClone(argument);
    return withinBudget(() => (deadline ? deadline(() => compiled(input), budgetMs) : compiled(input)), budgetMs);
  };
  return {
    runMask: (source, messages) => run(source, messages),
    runCompress: (source, request) => run(source, request),
    runCustom: (source, messages) => run(source, messages),
  };
}
