import type { EventSink } from '../../run/events';
import type { Clock, EngineError, SummarizerRole } from '../../run/ports';
import { attemptTimeoutError, summarizerError, totalBudgetError } from './transient';

/** How one attempt or one rung ended. */
export type AttemptOutcome<Result> =
  | { kind: 'ok'; result: Result }
  | { kind: 'failed'; error: EngineError }
  | { kind: 'cancelled' };

/**
 * Runs `work` under a wall-clock budget: when the budget fires first the attempt's request is aborted (#515: kill it,
 * do not abandon it) and the attempt fails with a timeout; a user abort ends it at once as cancelled.
 */
function runWithBudget<Result>(work: (signal: AbortSignal) => Promise<Result>, budgetMs: number, clock: Clock, runSignal?: AbortSignal): Promise<AttemptOutcome<Result>> {
  if (runSignal?.aborted) return Promise.resolve({ kind: 'cancelled' });
  const request = new AbortController();
  const timer = new AbortController();
  return new Promise((resolve) => {
    let isSettled = false;
    const onUserAbort = (): void => {
      request.abort(new Error('cancelled'));
      settle({ kind: 'cancelled' });
    };
    function settle(outcome: AttemptOutcome<Result>): void {
      if (isSettled) return;
      isSettled = true;
      timer.abort();
      runSignal?.removeEventListener('abort', onUserAbort);
      resolve(outcome);
    }
    runSignal?.addEventListener('abort', onUserAbort, { once: true });
    clock.sleep(budgetMs, timer.signal).then(
      () => {
        if (isSettled) return;
        request.abort(new Error('attempt budget exceeded'));
        settle({ kind: 'failed', error: attemptTimeoutError(budgetMs) });
      },
      () => undefined,
    );
    work(request.signal).then(
      (result) => settle({ kind: 'ok', result }),
      (error: unknown) => settle(runSignal?.aborted ? { kind: 'cancelled' } : { kind: 'failed', error: summarizerError(error) }),
    );
  });
}

/** The settings and sinks one rung of the ladder needs. */
export interface RungContext {
  pass: number;
  clock: Clock;
  runSignal?: AbortSignal;
  runStartMs: number;
  maxAttempts: number;
  baseBackoffMs: number;
  attemptBudgetMs: number;
  totalBudgetMs: number;
  onEvent: EventSink;
  /** Counts attempts across rungs, for the pass snapshot. */
  onAttempt(): void;
}

/** One rung: which summarizer, under which label (`smol=<model>` / `main=<model>`). */
export interface Rung {
  role: SummarizerRole;
  label: string;
  model?: string;
}

/**
 * The seed's `_attempt` (§1.4): up to `maxAttempts` tries; the total budget is checked before each one (exhausted →
 * fail with no call); only errors the seed classifies as transient are retried, after `onRetry` and a sleep of
 * `baseBackoff × attempt`.
 */
export async function runRung<Result>(context: RungContext, rung: Rung, work: (signal: AbortSignal) => Promise<Result>): Promise<AttemptOutcome<Result>> {
  const { clock, pass } = context;
  for (let attempt = 1; attempt <= context.maxAttempts; attempt++) {
    if (context.runSignal?.aborted) return { kind: 'cancelled' };
    if (clock.now() - context.runStartMs >= context.totalBudgetMs) {
      return { kind: 'failed', error: totalBudgetError(context.totalBudgetMs, rung.label) };
    }
    context.onAttempt();
    context.onEvent({ type: 'attempt-start', pass, attempt, role: rung.role, model: rung.model, budgetMs: context.attemptBudgetMs, label: rung.label, maxAttempts: context.maxAttempts });
    const startedAt = clock.now();
    const outcome = await runWithBudget(work, context.attemptBudgetMs, clock, context.runSignal);
    const durationMs = clock.now() - startedAt;
    if (outcome.kind === 'cancelled') {
      context.onEvent({ type: 'attempt-end', pass, attempt, ok: false, durationMs, error: { code: 'cancelled', message: 'cancelled by the user', isRetryable: false } });
      return outcome;
    }
    context.onEvent({ type: 'attempt-end', pass, attempt, ok: outcome.kind === 'ok', durationMs, error: outcome.kind === 'failed' ? outcome.error : undefined });
    if (outcome.kind === 'ok') return outcome;
    if (!outcome.error.isRetryable || attempt === context.maxAttempts) return outcome;
    const delayMs = context.baseBackoffMs * attempt;
    context.onEvent({ type: 'attempt-retry', pass, attempt, delayMs, error: outcome.error });
    try {
      await clock.sleep(delayMs, context.runSignal);
    } catch {
      return { kind: 'cancelled' };
    }
  }
  return { kind: 'failed', error: { code: 'no-attempts', message: 'maxAttempts allowed no attempt', isRetryable: false } };
}
