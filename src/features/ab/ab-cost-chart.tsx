import { useMemo } from 'react';
import { canShowCost } from '../../engine';
import { CostRetentionChart } from '../../ui/cost-retention-chart';
import { abCostSeries } from './ab-cost-series';
import type { AbVariantId, AbVariantResult } from './ab-store';

/** What the caption says about which runs are drawn. */
function captionOf(mostRuns: number, unmeasured: readonly AbVariantId[]): string {
  const which = mostRuns > 1 ? "Each variant's first measured run of its repeats (the table's numbers are medians over all of them)" : 'Each variant\'s run';
  const missing = unmeasured.length > 0 ? ` ${unmeasured.map((id) => id.toUpperCase()).join(' and ')}: no run was measured, so no series.` : '';
  return `${which}: its passes in order, facts kept so far against what they saved.${missing}`;
}

/** Cost (or tokens saved) versus facts kept so far, per pass, for variants A and B on one chart. */
export function AbCostChart({ results }: { results: Partial<Record<AbVariantId, AbVariantResult>> }) {
  const { series, unmeasured, mostRuns } = useMemo(() => abCostSeries(results), [results]);
  if (series.length === 0) return null;
  return <CostRetentionChart series={series} canShowCost={canShowCost(series)} caption={captionOf(mostRuns, unmeasured)} />;
}
