import type { EngineError } from '../engine';
import type { WorkerReply } from './protocol';

/** A worker's `{ok: false}` answer as the page throws it: its message is the worker's words, its `error` the data. */
class WorkerAnswerError extends Error {
  constructor(readonly error: EngineError) {
    super(error.message);
    this.name = 'WorkerAnswerError';
  }
}

/**
 * The value of a worker's answer, or its error thrown with the worker's own message: the one place the page turns a
 * reply into a value, so hooks and queries keep the `try`/`catch` and error texts they had when the worker threw.
 */
export function unwrap<T>(reply: WorkerReply<T>): T {
  if (!reply.ok) throw new WorkerAnswerError(reply.error);
  return reply.value;
}

/**
 * The worker's refusal behind an error {@link unwrap} threw, as data (its code to branch on, its words to show);
 * undefined for anything else (a worker that died, a bug on the page).
 */
export function refusalOf(error: unknown): EngineError | undefined {
  return error instanceof WorkerAnswerError ? error.error : undefined;
}

/** True for a worker answer a newer request superseded (or the user cancelled): nothing to show as a failure. */
export function isCancelledAnswer(error: unknown): boolean {
  return refusalOf(error)?.code === 'cancelled';
}
