import { createContext, runInContext } from 'node:vm';
import type { CallbackRunner } from '../engine/profiles/two-tier';
import { callbackTimeoutError, createJavaScriptCallbackRunner, defaultCallbackBudgetMs, type SynchronousDeadline } from '../worker/javascript-callback-runner';
import { UsageError } from './arguments';
import { quoted } from './terminal-text';

/**
 * A deadline for the synchronous part of a callback call: the call is made from a script run with `node:vm`'s
 * timeout, whose watchdog stops any JavaScript still running when it fires, a `while (true) {}` included. The callback
 * itself stays compiled in the CLI's own realm, so what it returns is read exactly as before.
 */
function vmDeadline(): SynchronousDeadline {
  const context = createContext({ call: undefined as (() => unknown) | undefined });
  return (call, budgetMs) => {
    context.call = call;
    try {
      return runInContext('call()', context, { timeout: budgetMs });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw callbackTimeoutError(budgetMs);
      throw error;
    }
  };
}

/** `--callback-budget SECONDS`: how long one callback call may take (positive; the runner's default when absent), in milliseconds. */
export function readCallbackBudget(option: string | true | undefined): number {
  if (option === undefined) return defaultCallbackBudgetMs;
  const seconds = option === true ? Number.NaN : Number(option);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--callback-budget needs a positive number of seconds, not ${option === true ? 'nothing' : quoted(option, 20)}`);
  return Math.max(1, Math.round(seconds * 1000));
}

/**
 * The CLI's callback runner: every call under the budget, its synchronous part stopped by the vm deadline and an
 * await that never settles by the runner's timer, so a hung callback fails its pass with a timeout instead of
 * holding the command forever.
 */
export function createCliCallbackRunner(budgetMs: number): CallbackRunner {
  return createJavaScriptCallbackRunner({ budgetMs, deadline: vmDeadline() });
}
