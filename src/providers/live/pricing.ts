import { costByKind, totalOf, type PriceBook } from '../../engine';

/** Token counts as a provider reports them; either may be missing. */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * The cost of one summarizer call in US dollars at `book`'s prices (the catalog's, or the user's override), or null
 * when it is unknown: no book, a model neither prices, or no token counts reported. Never 0 for "unknown" — a zero
 * would read as "free". A summarizer's prompt is sent once, so its input is priced as uncached input.
 */
export function costOf(model: string, usage: TokenUsage | undefined, book: PriceBook | undefined): number | null {
  if (!book || !usage || usage.inputTokens === undefined || usage.outputTokens === undefined) return null;
  const found = book.pricesFor(model, { promptTokens: usage.inputTokens });
  if (!found) return null;
  return totalOf(costByKind({ uncachedInput: usage.inputTokens, cacheRead: 0, cacheWrite: 0, cacheWriteHour: 0, output: usage.outputTokens }, found.prices));
}
