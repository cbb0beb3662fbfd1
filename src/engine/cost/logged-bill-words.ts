import type { LoggedBill } from './logged-bill';

/** US dollars as a figure says them: cents from a cent up, `< $0.01` below (never a misleading `$0.00` for a real cost). */
export function usdText(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return '< $0.01';
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** What every logged-cost figure rests on, in words: `provider-logged usage × prices as of 2026-09-23, @pydantic/genai-prices 0.1.8`. */
export function loggedBillBasis(bill: Pick<LoggedBill, 'pricesAsOf' | 'pricesSource'>): string {
  return `provider-logged usage × prices as of ${bill.pricesAsOf}, ${bill.pricesSource}`;
}

/** Why a transcript has no logged bill: the one sentence the CLI and the page say. */
export const noLoggedUsageNote = 'No logged cost: the file logged no per-call token usage, so there is nothing to price.';

/** What caching saved, in dollars: the same calls with every input token at the input price, less what they cost; null when unknown. */
export function cachingSavedUsd(bill: Pick<LoggedBill, 'totalUsd' | 'withoutCachingUsd'>): number | null {
  return bill.totalUsd === null || bill.withoutCachingUsd === null ? null : bill.withoutCachingUsd - bill.totalUsd;
}
