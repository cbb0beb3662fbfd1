import { useQuery } from '@tanstack/react-query';
import { cachingSavedUsd, loggedBillBasis, usdText, type CostByKind, type LoggedBill } from '../../engine';
import { useProviderStore } from '../../state/provider-store';
import { useSelectedTranscriptKey } from '../../state/selectors';
import { loggedCostQuery } from '../../worker-client/queries';
import { formatInteger, formatPercent } from '../../ui/format';

/** `input $0.01 · cache write $1.63 · cache read $7.69 · output $0.91` */
function kindsText(byKind: CostByKind): string {
  return `input ${usdText(byKind.input)} · cache write ${usdText(byKind.cacheWrite)} · cache read ${usdText(byKind.cacheRead)} · output ${usdText(byKind.output)}`;
}

function callsText(calls: number): string {
  return `${formatInteger(calls)} logged call${calls === 1 ? '' : 's'}`;
}

/** The one-line bill: the total (or that it is unknown, naming the models with no price) and what caching saved. */
function compactText(bill: LoggedBill): string {
  if (bill.totalUsd === null) {
    const priced = bill.priced.calls > 0 ? `; the ${callsText(bill.priced.calls)} with a price cost ${usdText(bill.priced.usd)}` : '';
    return `Logged calls: cost unknown (no price for ${bill.unknownModels.join(', ')})${priced}`;
  }
  const saved = cachingSavedUsd(bill);
  const caching = bill.cacheHitRate === null ? '' : ` · ${formatPercent(bill.cacheHitRate)} of input read from the cache${saved !== null && saved > 0 ? `, which saved ${usdText(saved)}` : ''}`;
  return `Logged calls cost ${usdText(bill.totalUsd)} (${callsText(bill.calls)})${caching}`;
}

/** Each model's cost and calls, the split by kind and the cost with no caching: what unfolds under the header. */
function BillDetails({ bill }: { bill: LoggedBill }) {
  const byKind = bill.byKind ?? (bill.priced.calls > 0 ? bill.priced.byKind : null);
  return (
    <ul className="logged-cost-details" data-testid="logged-cost-details">
      {bill.byModel.map((model) => (
        <li key={model.model}>
          {model.model}: {model.usd === null ? 'cost unknown (the catalog has no price for it)' : usdText(model.usd)} over {callsText(model.calls)}
          {model.byKind && ` — ${kindsText(model.byKind)}`}
          {model.priceOrigin === 'override' && <span className="muted"> (your price)</span>}
          {model.pricedAs && <span className="muted"> (priced as {model.pricedAs})</span>}
        </li>
      ))}
      {byKind && bill.byModel.length > 1 && <li>{bill.byKind ? 'All calls' : 'Calls with a price'}: {kindsText(byKind)}</li>}
      {bill.withoutCachingUsd !== null && (
        <li>
          Without prompt caching: {usdText(bill.withoutCachingUsd)} (the same calls with every input token at the input price)
        </li>
      )}
    </ul>
  );
}

/** The selected transcript's logged cost at the user's prices, asked of the worker once (both parts of the header share it). */
function useLoggedCost() {
  const transcriptKey = useSelectedTranscriptKey();
  const overrides = useProviderStore((state) => state.prices);
  return useQuery({ ...loggedCostQuery(transcriptKey ?? '', overrides), enabled: transcriptKey !== undefined });
}

/**
 * What the model calls the transcript logged cost, in the header's figure line: the total (or "cost unknown", naming
 * the models with no price, and then only the part that has a price), the cache hit rate and what caching saved, with
 * its basis named. Computed in the worker, which loads the price catalog only for a transcript that logged usage; a
 * transcript without usage says so when the header is unfolded.
 */
export function LoggedCostLine({ isOpen }: { isOpen: boolean }) {
  const query = useLoggedCost();
  if (query.isError) return <span className="muted logged-cost" role="alert">The logged cost could not be computed: {query.error.message}</span>;
  if (!query.data) return query.isFetching ? <span className="muted logged-cost">Pricing the logged calls…</span> : null;
  const { bill, note } = query.data;
  if (!bill) return isOpen ? <span className="muted logged-cost" data-testid="logged-cost">{note}</span> : null;
  return (
    <span className="logged-cost" data-testid="logged-cost">
      <span data-testid="logged-cost-total">{compactText(bill)}</span> <span className="muted" data-testid="logged-cost-basis">({loggedBillBasis(bill)})</span>
    </span>
  );
}

/** Under the unfolded header: each model's cost by kind, and what the calls would have cost with no caching. */
export function LoggedCostDetails() {
  const bill = useLoggedCost().data?.bill;
  return bill ? <BillDetails bill={bill} /> : null;
}
