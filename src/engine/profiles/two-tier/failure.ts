import { raceAbort as raceAbortWith } from '../../run/race-abort';
import { cancelledError, type EngineError, type EngineErrorCode } from '../../run/errors';

/** A failure carried through the profile's async steps as data, tagged so it is told apart from foreign throws. */
export interface TwoTierFailure {
  kind: 'two-tier-failure';
  error: EngineError;
}

/** Wraps an engine error for throwing inside the profile; the run turns it back into data before it leaves. */
export function failure(code: EngineErrorCode, message: string): TwoTierFailure {
  return { kind: 'two-tier-failure', error: { code, message, isRetryable: false } };
}

/** True for a failure made by `failure`. */
export function isTwoTierFailure(value: unknown): value is TwoTierFailure {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'two-tier-failure';
}

/** The failure a user abort becomes (the engine's one cancelled error). */
export const cancelledFailure: TwoTierFailure = { kind: 'two-tier-failure', error: cancelledError() };

/** Settles with `promise`, or rejects with the cancelled failure as soon as `signal` aborts (see run/race-abort). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return raceAbortWith(promise, signal, cancelledFailure);
}
