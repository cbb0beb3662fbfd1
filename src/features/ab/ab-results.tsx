import { useMemo } from 'react';
import { useContextBasis } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { describeBasis } from '../../state/figure-text';
import { compareVariants, contextBasis, transcriptCacheLifetime } from '../../engine';
import { useModelPricing, compactionCostBasisWords } from '../../state/use-model-pricing';
import { AbCompactionCostRows, AbCostFootnote } from './ab-compaction-cost';
import { AbCostChart } from './ab-cost-chart';
import { formatAbCell, formatAbDelta, formatStability } from './ab-format';
import { useAbStore, type AbVariantResult } from './ab-store';
import { SummaryDiff } from './summary-diff';
import { glossary } from '../../ui/glossary-terms';

const nameOf = (id: string): string => id.toUpperCase();

/**
 * The side-by-side comparison: the baseline (first column) and the other variant, Δ = other − baseline; "Swap"
 * makes the other one the baseline. Shown once both variants have at least one run.
 */
export function AbResults({ left, right }: { left: AbVariantResult; right: AbVariantResult }) {
  const { order, onlyDifferences, onlyDifferencesChosen, swapped, transcriptKey, encoding, results } = useAbStore();
  const transcript = useLabStore((state) => (transcriptKey === undefined ? undefined : state.imported?.transcripts[state.imported.transcriptKeys.indexOf(transcriptKey)]));
  const system = transcript?.system;
  const { pricing, problem: pricingProblem } = useModelPricing(transcript?.meta.model);
  // The cache lifetime the agent used, read once from the transcript's logged usage.
  const lifetime = useMemo(() => (transcript ? transcriptCacheLifetime(transcript) : undefined), [transcript]);
  const pageBasis = useContextBasis();
  const isShownRun = useLabStore((state) => state.imported?.transcriptKeys[state.transcriptIndex] === transcriptKey);
  // The page's basis describes the transcript and encoding on screen: runs counted for another are stated as counted.
  const isOnPageBasis = isShownRun && encoding === pageBasis.encoding;
  const basis = useMemo(() => (isOnPageBasis ? pageBasis : contextBasis(encoding ?? pageBasis.encoding, undefined)), [isOnPageBasis, pageBasis, encoding]);
  const comparison = useMemo(() => compareVariants(left, right, basis, system), [left, right, basis, system]);
  const [baseline, other] = order.map(nameOf);
  const rows = onlyDifferences ? comparison.rows.filter((row) => row.differs) : comparison.rows;
  const statsOf = [comparison.a, comparison.b];
  return (
    <section className="ab-results" aria-label="A/B results">
      <div className="ab-result-controls">
        <span role="status" aria-label="Baseline">Baseline: {baseline}</span>
        <button type="button" onClick={swapped}>Swap</button>
        <label>
          <input type="checkbox" checked={onlyDifferences} onChange={(event) => onlyDifferencesChosen(event.target.checked)} /> Show only differences
        </label>
      </div>
      <div className="ab-table-scroll">
        <table aria-label="A/B comparison" className="ab-table">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">{baseline} (baseline)</th>
              <th scope="col">{other}</th>
              <th scope="col">Δ ({other} − {baseline})</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={row.differs ? 'ab-differs' : undefined}>
                <th scope="row">{row.label}</th>
                <td>{formatAbCell(row.kind, row.a)}</td>
                <td>{formatAbCell(row.kind, row.b)}</td>
                <td>{formatAbDelta(row.kind, row.delta)}</td>
              </tr>
            ))}
            {lifetime && <AbCompactionCostRows baseline={comparison.a} other={comparison.b} pricing={pricing} basis={basis} lifetime={lifetime} onlyDifferences={onlyDifferences} />}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">No metric differs.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="muted" data-testid="ab-basis">
        {isOnPageBasis
          ? `Context tokens: ${describeBasis(basis)} (the same in both: compaction never removes them); the profile's own estimate is its own row.`
          : `Exact ${basis.encoding} counts as the runs made them, without the ${glossary.overhead.plain}: the page now shows another transcript or encoding. Run A/B again to compare on the page's basis.`}
      </p>
      {lifetime && <AbCostFootnote basisWords={pricing ? compactionCostBasisWords(pricing, basis.overheadTokens, lifetime) : (pricingProblem ?? 'Reading the prices…')} />}
      <p className="muted">
        {baseline}: {left.summarizer} · {other}: {right.summarizer}
        {left.runs.length > 1 || right.runs.length > 1
          ? ' · numbers are medians over the runs'
          : " · the first run also pays for warm-up (loading code, opening connections): compare latency with Repeats above 1"}
      </p>
      <ul className="ab-stability" aria-label="Stability">
        {statsOf.map((stats, index) =>
          stats.tokensSaved && stats.runs > 1 ? <li key={order[index]}>{nameOf(order[index])} — {formatStability(stats.tokensSaved)}</li> : null,
        )}
      </ul>
      <AbCostChart results={results} />
      <SummaryDiff baseline={comparison.a.summary} other={comparison.b.summary} baselineName={baseline} otherName={other} />
    </section>
  );
}
