import type { CompactionEvent, PassSnapshot } from '../run/events';
import type { PassRetention } from './facts';

/** What cost-versus-retention reads of a provider call (a `LiveCallRecord` fits): its cost in US dollars, null when unknown. */
export interface PricedCall {
  /** US dollars the call cost; null when its price is unknown. */
  costUsd: number | null;
}

/** One pass on the cost-versus-retention chart. */
export interface CostPoint {
  /** The pass's 1-based number. */
  pass: number;
  /** How the chart names the point (`Pass 3`). */
  label: string;
  /** Tokens saved from the run's start to the end of this pass, by the profile's own estimate. */
  tokensSaved: number;
  /** US dollars of every summarizer call up to and including this pass; null when any of them had no known cost. */
  costUsd: number | null;
  /** Cumulative retention after this pass, as a percentage (0–100) of the facts compacted so far. */
  retentionPercent: number;
  /** How many facts the retention is of. */
  factCount: number;
}

/** One line of the chart: a run's passes in order, named after what was run (a variant, or the run itself). */
export interface CostSeries {
  /** The series' key, as the caller gave it. */
  id: string;
  /** What the chart calls the line: the variant or run it stands for. */
  name: string;
  /** One point a pass that has both a snapshot and a retention report, in pass order. */
  points: CostPoint[];
  /** Whether the run's provider calls could be matched to its passes (a cost per pass exists, priced or not). */
  hasCosts: boolean;
}

/** What one run contributes to a series: its passes, their retention, its events (for the attempts) and its calls. */
export interface CostRun {
  /** The run's pass snapshots (the tokens before and after each pass). */
  snapshots: readonly PassSnapshot[];
  /** The retention of each pass. */
  retention: readonly PassRetention[];
  /** The run's events, whose attempts say which pass each provider call served. */
  events: readonly CompactionEvent[];
  /** The run's provider calls, in the order they were made. */
  calls: readonly PricedCall[];
}

/**
 * Cumulative cost after each pass (index k - 1 for pass k), matching provider calls to passes by order: each
 * non-local attempt made one call. Undefined when there were no live calls or they do not line up with the attempts
 * (then the chart falls back to tokens saved rather than guess).
 */
export function cumulativeCosts(events: readonly CompactionEvent[], calls: readonly PricedCall[], passCount: number): (number | null)[] | undefined {
  const callPasses = events.flatMap((event) => (event.type === 'attempt-start' && event.role !== 'local' ? [event.pass] : []));
  if (calls.length === 0 || callPasses.length !== calls.length) return undefined;
  const costs: (number | null)[] = [];
  let total: number | null = 0;
  let next = 0;
  for (let pass = 1; pass <= passCount; pass++) {
    while (next < calls.length && callPasses[next] <= pass) {
      const cost = calls[next].costUsd;
      total = total === null || cost === null ? null : total + cost;
      next++;
    }
    costs.push(total);
  }
  return costs;
}

/** The chart's points: one per pass that has both a snapshot and a retention report; tokens saved are exact where measured. */
export function costPoints(retention: readonly PassRetention[], snapshots: readonly PassSnapshot[], costs?: readonly (number | null)[]): CostPoint[] {
  const start = snapshots[0]?.exact?.before ?? snapshots[0]?.tokensBefore ?? 0;
  return retention.flatMap((report) => {
    const snapshot = snapshots.find((candidate) => candidate.pass === report.pass);
    if (!snapshot) return [];
    return [
      {
        pass: report.pass,
        label: `Pass ${report.pass}`,
        tokensSaved: start - (snapshot.exact?.after ?? snapshot.tokensAfter),
        costUsd: costs?.[report.pass - 1] ?? null,
        retentionPercent: report.cumulative.overall * 100,
        factCount: report.cumulative.total,
      },
    ];
  });
}

/** A run as one series: its passes' points, with costs when its calls line up with its attempts. */
export function costSeries(id: string, name: string, run: CostRun): CostSeries {
  const costs = cumulativeCosts(run.events, run.calls, run.snapshots.length);
  return { id, name, points: costPoints(run.retention, run.snapshots, costs), hasCosts: costs !== undefined };
}

/** Whether every series can be drawn against cost: each has matched calls and every point's calls were all priced. */
export function canShowCost(series: readonly CostSeries[]): boolean {
  return series.length > 0 && series.every((line) => line.hasCosts && line.points.every((point) => point.costUsd !== null));
}
