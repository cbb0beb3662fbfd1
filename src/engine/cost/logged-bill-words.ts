import type { LoggedBill } from './logged-bill';
import type { CallPrices, KindOrigin, TokenPrices } from './prices';

/** US dollars as a figure says them: cents from a cent up, `< $0.01` below (never a misleading `$0.00` for a real cost). */
export function usdText(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return '< $0.01';
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const kindWords: Record<keyof TokenPrices, string> = { input: 'input', output: 'output', cacheRead: 'cache read', cacheWrite: '5-minute cache write', cacheWriteHour: '1-hour cache write' };

/** "input", "input and output", "input, output and cache read". */
function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Whose prices one model was priced at, in words: `@pydantic/genai-prices 0.1.8 prices as of 2026-09-23`, `your
 * prices`, or per kind where the user's override left some to the catalog: `your input and output prices, the
 * catalog's cache read, 5-minute cache write and 1-hour cache write (…, as of …)`.
 */
export function priceOriginWords(found: Pick<CallPrices, 'origin' | 'kindOrigins'>, catalog: { pricesSource: string; pricesAsOf: string }): string {
  const fromCatalog = `${catalog.pricesSource} prices as of ${catalog.pricesAsOf}`;
  if (found.origin === 'catalog') return fromCatalog;
  if (!found.kindOrigins) return 'your prices';
  const origins = found.kindOrigins;
  const kinds = (origin: KindOrigin) => (Object.keys(kindWords) as (keyof TokenPrices)[]).filter((kind) => origins[kind] === origin).map((kind) => kindWords[kind]);
  const [yours, catalogs, inputs] = [kinds('yours'), kinds('catalog'), kinds('input price')];
  if (catalogs.length === 0 && inputs.length === 0) return 'your prices';
  const parts = [`your ${listOf(yours)} prices`];
  if (catalogs.length > 0) parts.push(`the catalog's ${listOf(catalogs)} (${fromCatalog})`);
  if (inputs.length > 0) parts.push(`${listOf(inputs)} at your input price`);
  return parts.join('; ');
}

/**
 * What every logged-cost figure rests on, in words, saying per model whose prices priced it:
 * `provider-logged usage × prices as of 2026-09-23, @pydantic/genai-prices 0.1.8` when the catalog priced every
 * model; else `provider-logged usage × claude-opus-4-6 at your prices`, each model after its own.
 */
export function loggedBillBasis(bill: Pick<LoggedBill, 'pricesAsOf' | 'pricesSource' | 'byModel'>): string {
  const overridden = bill.byModel.filter((model) => model.priceOrigin === 'override');
  if (overridden.length === 0) return `provider-logged usage × prices as of ${bill.pricesAsOf}, ${bill.pricesSource}`;
  const catalog = { pricesSource: bill.pricesSource, pricesAsOf: bill.pricesAsOf };
  const models = bill.byModel.filter((model) => model.priceOrigin !== undefined).map((model) => `${model.model} at ${priceOriginWords({ origin: model.priceOrigin ?? 'catalog', ...(model.kindOrigins ? { kindOrigins: model.kindOrigins } : {}) }, catalog)}`);
  return `provider-logged usage × ${models.join('; ')}`;
}

/** Why a transcript has no logged bill: the one sentence the CLI and the page say. */
export const noLoggedUsageNote = 'No logged cost: the file logged no per-call token usage, so there is nothing to price.';

/** What caching saved, in dollars: the same calls with every input token at the input price, less what they cost; null when unknown. */
export function cachingSavedUsd(bill: Pick<LoggedBill, 'totalUsd' | 'withoutCachingUsd'>): number | null {
  return bill.totalUsd === null || bill.withoutCachingUsd === null ? null : bill.withoutCachingUsd - bill.totalUsd;
}
