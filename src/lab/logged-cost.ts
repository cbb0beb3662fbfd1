import { hasLoggedUsage, loggedBill, noLoggedUsageNote, type LoggedBill, type Transcript } from '../engine';
import { loadPriceBook } from '../providers/prices/price-book';
import type { PriceOverrides } from '../providers/prices/overrides';

/** A transcript's logged bill, or why there is none. */
export interface LoggedCost {
  bill: LoggedBill | null;
  /** Why `bill` is null, in one sentence; absent when there is a bill. */
  note?: string;
}

/**
 * What the model calls `transcript` logged cost, for the CLI's `stats` and the page's header. The price catalog is
 * loaded only when the transcript logged usage (it is large, and a file without usage has nothing to price).
 */
export async function loggedCostOf(transcript: Transcript, overrides?: PriceOverrides): Promise<LoggedCost> {
  if (!hasLoggedUsage(transcript)) return { bill: null, note: noLoggedUsageNote };
  return { bill: loggedBill(transcript, await loadPriceBook(overrides)) };
}
