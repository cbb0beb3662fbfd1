import type { CallbackRunner } from '../engine/profiles/two-tier';

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

/** The real CallbackRunner for the worker and the CLI. Inputs are deep copies, so a callback cannot alter the engine's data. */
export function createJavaScriptCallbackRunner(): CallbackRunner {
  const cache = new Map<string, (...args: unknown[]) => unknown>();
  const run = async (source: string, argument: unknown): Promise<unknown> => {
    let callback = cache.get(source);
    if (!callback) {
      callback = compile(source);
      cache.set(source, callback);
    }
    return callback(structuredClone(argument));
  };
  return {
    runMask: (source, messages) => run(source, messages),
    runCompress: (source, request) => run(source, request),
    runCustom: (source, messages) => run(source, messages),
  };
}
