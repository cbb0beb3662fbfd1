import { hasLoggedUsage, loggedBill, noLoggedUsageNote, type Transcript } from '../engine';
import { loadPriceBook } from '../providers/prices/price-book';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { LoggedCostAnswer } from '../worker-client/transcript-protocol';

/**
 * What the model calls `transcript` logged cost, for the CLI's `stats` and the page's header, at the catalog's prices
 * with the user's `overrides` on top. The catalog is loaded only when the transcript logged usage (it is large, and a
 * file without usage has nothing to price).
 */
export async function loggedCostOf(transcript: Transcript, overrides?: PriceOverrides): Promise<LoggedCostAnswer> {
  if (!hasLoggedUsage(transcript)) return { bill: null, note: noLoggedUsageNote };
  return { bill: loggedBill(transcript, await loadPriceBook(overrides)) };
}
