import type { PriceBook } from '../engine';

/** A thread's price book, or why it has none: the sentence each of its rows reports. */
export type ThreadPrices = { book: PriceBook } | { reason: string };

/**
 * The catalog's load settled into a value: a failed import becomes a reason (an unhandled rejection would end the
 * eval thread and lose every row it had yet to answer).
 */
export function settledPrices(loading: Promise<PriceBook>): Promise<ThreadPrices> {
  return loading.then(
    (book) => ({ book }),
    (error: unknown) => ({ reason: `the price catalog could not be loaded: ${error instanceof Error ? error.message : String(error)}` }),
  );
}
