import { compactionCost, type AbVariantStats, type CompactionCost, type ContextBasis } from '../../engine';
import { formatCost } from '../../ui/format';
import type { ModelPricing } from '../../worker-client/cost-protocol';

/** One variant's compaction cost: its summarizer calls as priced on the runs (unknown when any was not), and the rewrite. */
function costOf(stats: AbVariantStats, pricing: ModelPricing | undefined, basis: ContextBasis): CompactionCost | undefined {
  if (stats.tokensBefore === undefined || stats.tokensAfter === undefined) return undefined;
  const summarizerUsd = stats.unknownCostCalls > 0 ? null : (stats.costUsd ?? 0);
  return compactionCost({ contextBefore: stats.tokensBefore, contextAfter: stats.tokensAfter, headTokens: basis.overheadTokens, summarizerUsd, prices: pricing?.found?.prices, lifetime: '5m' });
}

const rows: { id: string; label: string; value(cost: CompactionCost): number | null }[] = [
  { id: 'compaction-cost', label: "Cost of compacting: summarizer + the next call's cache rewrite", value: (cost) => cost.totalUsd },
  { id: 'not-compacting-cost', label: 'The next call without compacting (the whole context read from the cache)', value: (cost) => cost.notCompactingUsd },
  { id: 'compaction-extra', label: 'What compacting adds to the next call', value: (cost) => cost.extraUsd },
];

/** A signed dollar difference: "+$0.1050", "−$0.0020", "0". */
function signedDollars(value: number): string {
  if (value === 0) return '0';
  return `${value > 0 ? '+' : '−'}${formatCost(Math.abs(value))}`;
}

/**
 * The A/B comparison's cost rows (issue 28), beside retention: each variant's compaction priced as one compaction
 * (`compactionCost`), on the transcript's model. "cost unknown" while the prices are unknown, never $0. With "Show only
 * differences", a row the two share is left out.
 */
export function AbCompactionCostRows({ baseline, other, pricing, basis, onlyDifferences }: { baseline: AbVariantStats; other: AbVariantStats; pricing?: ModelPricing; basis: ContextBasis; onlyDifferences: boolean }) {
  const left = costOf(baseline, pricing, basis);
  const right = costOf(other, pricing, basis);
  return rows.map((row) => {
    const a = left ? row.value(left) : null;
    const b = right ? row.value(right) : null;
    // "Show only differences" leaves out a cost both variants share (an unknown one never differs in words).
    if (onlyDifferences && a === b) return null;
    return (
      <tr key={row.id} data-cost={row.id}>
        <th scope="row">{row.label}</th>
        <td>{row.id === 'compaction-extra' && a !== null ? signedDollars(a) : formatCost(a)}</td>
        <td>{row.id === 'compaction-extra' && b !== null ? signedDollars(b) : formatCost(b)}</td>
        <td>{a !== null && b !== null ? signedDollars(b - a) : ''}</td>
      </tr>
    );
  });
}
