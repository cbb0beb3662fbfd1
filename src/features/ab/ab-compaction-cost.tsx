import { compactionCost, type AbVariantStats, type LifetimeReading, type CompactionCost, type ContextBasis } from '../../engine';
import { formatSignedUsd, formatUsd, usdDifference } from '../../ui/format';
import { Term } from '../../ui/term';
import type { ModelPricing } from '../../worker-client/cost-protocol';

/** One variant's compaction cost: its summarizer calls as priced on the runs (unknown when any was not), and the rewrite. */
function costOf(stats: AbVariantStats, pricing: ModelPricing | undefined, basis: ContextBasis, lifetime: LifetimeReading): CompactionCost | undefined {
  if (stats.tokensBefore === undefined || stats.tokensAfter === undefined) return undefined;
  const summarizerUsd = stats.unknownCostCalls > 0 ? null : (stats.costUsd ?? 0);
  return compactionCost({ contextBefore: stats.tokensBefore, contextAfter: stats.tokensAfter, headTokens: basis.overheadTokens, summarizerUsd, prices: pricing?.found?.prices, lifetime: lifetime.lifetime });
}

/** The rows: a short label the table can hold at 1024 px, what it means in the row's tooltip (and the footnote). */
const rows: { id: string; label: string; meaning: string; isSigned: boolean; value(cost: CompactionCost): number | null }[] = [
  { id: 'compaction-cost', label: 'Compaction cost', meaning: "The summarizer calls plus the next agent call's cache rewrite (the cached head read, the rest of the compacted context written again).", isSigned: false, value: (cost) => cost.totalUsd },
  { id: 'not-compacting-cost', label: 'Next call, not compacting', meaning: "The next agent call's input without compacting: the whole context read from the cache.", isSigned: false, value: (cost) => cost.notCompactingUsd },
  { id: 'compaction-extra', label: 'Compaction adds', meaning: 'What compacting adds to the next agent call: compaction cost − the next call not compacting (negative: it saves).', isSigned: true, value: (cost) => usdDifference(cost.notCompactingUsd, cost.totalUsd) },
];

/**
 * The footnote under the table: what each cost row's short label means, with the caching terms linked to the glossary,
 * and the basis of the figures (`basisWords`: whose prices, the lifetime, what is assumed).
 */
export function AbCostFootnote({ basisWords }: { basisWords: string }) {
  return (
    <p className="muted ab-cost-footnote" data-testid="ab-cost-basis">
      Cost rows, with <Term id="prompt-caching" />: <strong>Compaction cost</strong> = the summarizer calls + the next agent call&apos;s input, the
      cached head <Term id="cache-read" /> and the rest of the compacted context <Term id="cache-write" /> again; <strong>Next call, not compacting</strong> = the
      whole context read from the cache; <strong>Compaction adds</strong> = the first − the second (negative: it saves); the <Term id="cache-lifetime" /> as the transcript&apos;s log shows it. {basisWords}
    </p>
  );
}

/**
 * The A/B comparison's cost rows (issue 28), beside retention: each variant's compaction priced as one compaction
 * (`compactionCost`), on the transcript's model, with the cache lifetime its log shows. "cost unknown" while the
 * prices are unknown, never $0; Δ is taken between the figures as shown. With "Show only differences", a row the two
 * share is left out.
 */
export function AbCompactionCostRows({ baseline, other, pricing, basis, lifetime, onlyDifferences }: { baseline: AbVariantStats; other: AbVariantStats; pricing?: ModelPricing; basis: ContextBasis; lifetime: LifetimeReading; onlyDifferences: boolean }) {
  const left = costOf(baseline, pricing, basis, lifetime);
  const right = costOf(other, pricing, basis, lifetime);
  return rows.map((row) => {
    const a = left ? row.value(left) : null;
    const b = right ? row.value(right) : null;
    const delta = usdDifference(a, b);
    // "Show only differences" leaves out a cost both variants share (an unknown one never differs in words).
    if (onlyDifferences && (delta === 0 || (a === null && b === null))) return null;
    const shown = (value: number | null) => (row.isSigned && value !== null ? formatSignedUsd(value) : formatUsd(value));
    return (
      <tr key={row.id} data-cost={row.id} className={delta !== null && delta !== 0 ? 'ab-differs' : undefined}>
        <th scope="row" title={row.meaning}>{row.label}</th>
        <td>{shown(a)}</td>
        <td>{shown(b)}</td>
        <td>{delta === null ? '' : formatSignedUsd(delta)}</td>
      </tr>
    );
  });
}
