import type { CallbackRunner } from '../engine';
import { defaultCallbackBudgetMs } from '../ports/javascript-callback-runner';
import { UsageError, type CommandLine } from './arguments';
import { CallbackHost, maximumTimerMs } from './callback-host';
import { resultOfReply, type CallbackKind } from './callback-transfer';
import { quoted } from './terminal-text';

/** The CLI's callback runner: a `CallbackRunner` whose worker thread `close` stops once the command is done with it. */
export interface CliCallbackRunner extends CallbackRunner {
  /** Always present here: the CLI's runner holds every call of a run or replay to one budget. */
  budgetExhausted(): string | undefined;
  close(): Promise<void>;
}

/**
 * `--callback-budget SECONDS`: how long a run's or a replay's callback calls may take together, in milliseconds; the
 * runner's default when absent.
 * A plain decimal number of seconds, positive and at most what a timer can wait (2^31 − 1 ms, about 24.8 days: a
 * longer delay would fire at once). Only with `--allow-callbacks`, since without it no callback runs to be timed.
 */
export function readCallbackBudget(line: Pick<CommandLine, 'options'>): number {
  const option = line.options.get('callback-budget');
  if (option === undefined) return defaultCallbackBudgetMs;
  if (!line.options.has('allow-callbacks')) throw new UsageError('--callback-budget needs --allow-callbacks: without it no callback runs');
  if (option === true) throw new UsageError('--callback-budget needs a positive number of seconds, not nothing');
  const seconds = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(option) ? Number(option) : Number.NaN;
  if (!(seconds > 0)) throw new UsageError(`--callback-budget needs a positive number of seconds, not ${quoted(option, 20)}`);
  const budgetMs = Math.max(1, Math.round(seconds * 1000));
  if (budgetMs > maximumTimerMs) throw new UsageError(`--callback-budget takes at most ${Math.floor(maximumTimerMs / 1000)} seconds (about 24 days), not ${quoted(option, 20)}`);
  return budgetMs;
}

/**
 * The CLI's callback runner: each call runs in a worker thread (started on the first call, reused for the next), its
 * argument and result structured-cloned across. All calls share one budget (see `CallbackHost`): a call still running
 * when it passes — looping, even after an `await`, or awaiting forever — fails with a timeout and its thread is
 * stopped; then `budgetExhausted` names the field that spent it, every later call fails at once, and a replay stops.
 */
export function createCliCallbackRunner(budgetMs: number): CliCallbackRunner {
  const host = new CallbackHost(budgetMs);
  const run = async (kind: CallbackKind, source: string, argument: unknown): Promise<unknown> => resultOfReply(await host.run({ kind, source, argument }));
  return {
    runMask: (source, messages) => run('mask', source, messages),
    runCompress: (source, request) => run('compress', source, request),
    runCustom: (source, messages) => run('custom', source, messages),
    budgetExhausted: () => host.exhausted,
    close: () => host.close(),
  };
}
