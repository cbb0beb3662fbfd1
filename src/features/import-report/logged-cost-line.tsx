import { useQuery } from '@tanstack/react-query';
import { cachingSavedUsd, loggedBillBasis, type CostByKind, type LoggedBill } from '../../engine';
import { useProviderStore } from '../../state/provider-store';
import { useSelectedTranscriptKey } from '../../state/selectors';
import { loggedCostQuery } from '../../worker-client/queries';
import { formatInteger, formatPercent, formatUsd } from '../../ui/format';
import { Term } from '../../ui/term';

/** `input < $0.01 · cache write $1.63 · cache read $7.69 · output $0.91`, the cache's kinds linked to the glossary. */
function Kinds({ byKind }: { byKind: CostByKind }) {
  return (
    <>
      input {formatUsd(byKind.input)} · <Term id="cache-write">cache write</Term> {formatUsd(byKind.cacheWrite)} · <Term id="cache-read">cache read</Term> {formatUsd(byKind.cacheRead)} · output {formatUsd(byKind.output)}
    </>
  );
}

function callsText(calls: number): string {
  return `${formatInteger(calls)} logged call${calls === 1 ? '' : 's'}`;
}

/** The one-line bill: the total (or that it is unknown, naming the models with no price) and what caching saved. */
function CompactBill({ bill }: { bill: LoggedBill }) {
  if (bill.totalUsd === null) {
    const priced = bill.priced.calls > 0 ? `; the ${callsText(bill.priced.calls)} with a price cost ${formatUsd(bill.priced.usd)}` : '';
    return <>Logged calls: cost unknown (no price for {bill.unknownModels.join(', ')}){priced}</>;
  }
  const saved = cachingSavedUsd(bill);
  return (
    <>
      Logged calls cost {formatUsd(bill.totalUsd)} ({callsText(bill.calls)})
      {bill.cacheHitRate !== null && (
        <>
          {' · '}
          {formatPercent(bill.cacheHitRate)} <Term id="cache-hit-rate" />
          {saved !== null && saved > 0 ? `, which saved ${formatUsd(saved)}` : ''}
        </>
      )}
    </>
  );
}

/** Each model's cost and calls, the split by kind and the cost with no caching: what unfolds under the header. */
function BillDetails({ bill }: { bill: LoggedBill }) {
  const byKind = bill.byKind ?? (bill.priced.calls > 0 ? bill.priced.byKind : null);
  return (
    <ul className="logged-cost-details" data-testid="logged-cost-details">
      {bill.byModel.map((model) => (
        <li key={model.model}>
          {model.model}: {model.usd === null ? 'cost unknown (the catalog has no price for it)' : formatUsd(model.usd)} over {callsText(model.calls)}
          {model.byKind && (
            <>
              {' — '}
              <Kinds byKind={model.byKind} />
            </>
          )}
          {model.priceOrigin === 'override' && <span className="muted"> (your price)</span>}
          {model.pricedAs && <span className="muted"> (priced as {model.pricedAs})</span>}
        </li>
      ))}
      {byKind && bill.byModel.length > 1 && <li>{bill.byKind ? 'All calls' : 'Calls with a price'}: <Kinds byKind={byKind} />
        </li>}
      {bill.withoutCachingUsd !== null && (
        <li>
          Without <Term id="prompt-caching" />: {formatUsd(bill.withoutCachingUsd)} (the same calls with every input token at the input price)
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
 * What the model calls the transcript logged cost, on its own line under the unfolded header's token figures: the total
 * (or "cost unknown", naming the models with no price, and then only the part that has a price), the cache hit rate and
 * what caching saved, with its basis named (per model, whose prices). Computed in the worker, which loads the price
 * catalog only for a transcript that logged usage; a transcript without usage says why there is no cost.
 */
export function LoggedCostLine() {
  const query = useLoggedCost();
  if (query.isError) return <div className="muted logged-cost" role="alert">The logged cost could not be computed: {query.error.message}</div>;
  if (!query.data) return query.isFetching ? <div className="muted logged-cost">Pricing the logged calls…</div> : null;
  const { bill, note } = query.data;
  if (!bill) return <div className="muted logged-cost" data-testid="logged-cost">{note}</div>;
  return (
    <div className="logged-cost" data-testid="logged-cost">
      <span data-testid="logged-cost-total">
        <CompactBill bill={bill} />
      </span>{' '}
      <span className="muted" data-testid="logged-cost-basis">({loggedBillBasis(bill)})</span>
    </div>
  );
}

/** "logged cost $10.23 · caching saved $68.86" (or "logged cost unknown"): the total's words, short enough for the folded header. */
function chipText(bill: LoggedBill): string {
  if (bill.totalUsd === null) return 'logged cost unknown';
  const saved = cachingSavedUsd(bill);
  return `logged cost ${formatUsd(bill.totalUsd)}${saved !== null && saved > 0 ? ` · caching saved ${formatUsd(saved)}` : ''}`;
}

/**
 * The logged cost in the folded header's first line: the total and what caching saved, in a few words that leave the
 * work area its room; its tooltip holds the whole sentence and basis, which "Show details" puts on a line of its own.
 * Nothing when the file logged no usage (the unfolded header says why).
 */
export function LoggedCostChip() {
  const bill = useLoggedCost().data?.bill;
  if (!bill) return null;
  const basis = `(${loggedBillBasis(bill)})`;
  return (
    <span className="muted summary-words" data-testid="logged-cost-chip" title={`${bill.totalUsd === null ? 'Some logged calls have no price' : `${formatUsd(bill.totalUsd)} for ${callsText(bill.calls)}`} ${basis}`}>
      {chipText(bill)}
    </span>
  );
}

/** Under the unfolded header: each model's cost by kind, and what the calls would have cost with no caching. */
export function LoggedCostDetails() {
  const bill = useLoggedCost().data?.bill;
  return bill ? <BillDetails bill={bill} /> : null;
}
