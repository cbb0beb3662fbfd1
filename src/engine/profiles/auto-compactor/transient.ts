import { isEngineErrorCode, type EngineError } from '../../run/errors';

/**
 * The seed's transient classification (§1.4), case-insensitive and unanchored on the error's text. Its documented
 * quirk is kept on purpose: any three-digit number starting with 5 matches ("took 512 ms", a 5xx-second budget).
 */
const transientErrorPattern = /5\d\d|connection\s+(closed|reset|aborted|refused)|socket\s+exception|stream\s+closed/i;

/** True when the seed would retry after this error text. */
export function isTransientText(text: string): boolean {
  return transientErrorPattern.test(text);
}

/** The text the seed classifies: the error's own string form (`Error: …`), or the message of an error given as data. */
function errorText(error: unknown): string {
  if (error instanceof Error) return String(error);
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

/**
 * A summarizer's failure as data, classified by the seed's rule (not by the provider's own `isRetryable`). The thrown
 * value's code is kept when it is an engine code (a provider's `http-503`); any other becomes `summarizer-error`.
 */
export function summarizerError(error: unknown): EngineError {
  const message = errorText(error);
  const thrownCode = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  const code = isEngineErrorCode(thrownCode) ? thrownCode : 'summarizer-error';
  return { code, message, isRetryable: isTransientText(message) };
}

/** The attempt-budget failure. Its text prints whole seconds, so a 500–599 s budget reads as transient (the quirk). */
export function attemptTimeoutError(budgetMs: number): EngineError {
  const message = `TimeoutException: compaction attempt exceeded the ${Math.floor(budgetMs / 1000)}s budget`;
  return { code: 'timeout', message, isRetryable: isTransientText(message) };
}

/** The whole-run budget failure, raised before an attempt: no call is made. */
export function totalBudgetError(budgetMs: number, label: string): EngineError {
  return {
    code: 'total-budget',
    message: `TimeoutException: compaction total budget (${Math.floor(budgetMs / 1000)}s) exhausted before the ${label} attempt`,
    isRetryable: false,
  };
}
