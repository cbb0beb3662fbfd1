import { cachingSavedUsd, loggedBillBasis, usdText, type LoggedBill } from '../engine';
import { numberFormat } from './number-format';

const number = numberFormat();
const percent = numberFormat({ style: 'percent', maximumFractionDigits: 1 });

/** `input $0.01 · cache write $3.00 · cache read $7.00 · output $2.00` */
function kindsText(byKind: NonNullable<LoggedBill['byKind']>): string {
  return `input ${usdText(byKind.input)} · cache write ${usdText(byKind.cacheWrite)} · cache read ${usdText(byKind.cacheRead)} · output ${usdText(byKind.output)}`;
}

/** What the calls that have a price cost, when some do: the known part of an unknown total. */
function pricedPart(bill: LoggedBill): string {
  const { calls, usd } = bill.priced;
  return calls === 0 ? '' : ` (the ${number.format(calls)} priced call${calls === 1 ? '' : 's'} cost ${usdText(usd)})`;
}

/**
 * The `stats` rows of the logged bill: the total (or why there is none) with its basis, each model, the split by kind
 * and what caching saved. A model with no price is named "cost unknown", and then no total is given, only the part
 * that could be priced.
 */
export function loggedCostRows(bill: LoggedBill | null, note: string): [string, string][] {
  if (!bill) return [['logged cost', `none — ${note.replace(/^No logged cost: /, '')}`]];
  const calls = `${number.format(bill.calls)} logged call${bill.calls === 1 ? '' : 's'}`;
  const total =
    bill.totalUsd !== null
      ? `${usdText(bill.totalUsd)} for ${calls}`
      : `unknown for ${calls}: no price for ${bill.unknownModels.join(', ')}${pricedPart(bill)}`;
  const rows: [string, string][] = [['logged cost', `${total} (${loggedBillBasis(bill)})`]];
  for (const model of bill.byModel) {
    const priced = model.usd === null ? 'cost unknown' : `${usdText(model.usd)}${model.pricedAs ? ` (priced as ${model.pricedAs})` : ''}`;
    rows.push([`  ${model.model}`, `${priced} over ${number.format(model.calls)} call${model.calls === 1 ? '' : 's'}`]);
  }
  const byKind = bill.byKind ?? (bill.priced.calls > 0 ? bill.priced.byKind : null);
  if (byKind) rows.push([bill.byKind ? '  by kind' : '  by kind (priced calls)', kindsText(byKind)]);
  if (bill.cacheHitRate !== null) {
    const saved = cachingSavedUsd(bill);
    const savedText = saved === null || bill.withoutCachingUsd === null ? '' : `; without caching ${usdText(bill.withoutCachingUsd)}, so caching saved ${usdText(saved)}`;
    rows.push(['  cache hit rate', `${percent.format(bill.cacheHitRate)} of input tokens read from the cache${savedText}`]);
  }
  return rows;
}
