import { costSeries, type CostSeries } from '../../engine';
import type { AbVariantId, AbVariantResult } from './ab-store';

/** The chart's series and what they are: which variants have one, and how many runs each had to choose from. */
export interface AbCostSeries {
  series: CostSeries[];
  /** Variants with runs but none whose retention was measured (e.g. every run cancelled). */
  unmeasured: AbVariantId[];
  /** The most runs any variant made: above 1, the caption says only the first measured one is drawn. */
  mostRuns: number;
}

/**
 * One series per variant, A then B (so each keeps its colour when the baseline is swapped): the passes of its FIRST
 * run whose retention was measured. Repeats differ in pass count, so a per-pass median would mix unlike runs.
 */
export function abCostSeries(results: Partial<Record<AbVariantId, AbVariantResult>>): AbCostSeries {
  const series: CostSeries[] = [];
  const unmeasured: AbVariantId[] = [];
  let mostRuns = 0;
  for (const id of ['a', 'b'] as const) {
    const variant = results[id];
    if (!variant || variant.runs.length === 0) continue;
    mostRuns = Math.max(mostRuns, variant.runs.length);
    const run = variant.runs.find((candidate) => candidate.retention !== undefined);
    if (!run?.retention) {
      unmeasured.push(id);
      continue;
    }
    series.push(costSeries(id, id.toUpperCase(), { snapshots: run.result.passes, retention: run.retention, events: run.attempts, calls: run.calls }));
  }
  return { series, unmeasured, mostRuns };
}
