import type { CostSeries } from './cost-series';
import type { SessionSeries } from './session-series';

/** One row of the token chart's data: a point of one series (the others undefined, bridged by `connectNulls`). */
export interface ChartRow {
  x: number;
  a?: number;
  b?: number;
  logged?: number;
}

/** One row of the cost strip's data: cumulative US dollars of one line (the agent as logged, as the cache model bills it, each policy). */
export interface CostRow {
  x: number;
  agentUsd?: number;
  agentModelUsd?: number;
  aUsd?: number;
  bUsd?: number;
}

/** The cost lines of each policy's replay (the agent's lines are read from A's: the agent is the same under both). */
export interface ChartCosts {
  a?: CostSeries;
  b?: CostSeries;
}

/**
 * The token series merged into rows sorted by x, each series' points kept in their order (a compaction's two points
 * share an x, so its line drops vertically): recharts draws every line from the one data array its tooltip reads.
 */
export function chartRows(a: SessionSeries, b: SessionSeries | undefined): ChartRow[] {
  const rows: ChartRow[] = [
    ...a.saw.map((point) => ({ x: point.x, a: point.tokens })),
    ...(b?.saw.map((point) => ({ x: point.x, b: point.tokens })) ?? []),
    ...a.logged.map((point) => ({ x: point.x, logged: point.tokens })),
  ];
  // A stable sort: points of one series at the same x keep their order (before, then after).
  return rows.sort((left, right) => left.x - right.x);
}

/** The cost lines merged into rows sorted by x, as `chartRows` merges the token series (the cost strip's data). */
export function costRows(costs: ChartCosts): CostRow[] {
  const rows: CostRow[] = [
    ...(costs.a?.agentLogged.map((point) => ({ x: point.x, agentUsd: point.usd })) ?? []),
    ...(costs.a?.agentModel.map((point) => ({ x: point.x, agentModelUsd: point.usd })) ?? []),
    ...(costs.a?.policy.map((point) => ({ x: point.x, aUsd: point.usd })) ?? []),
    ...(costs.b?.policy.map((point) => ({ x: point.x, bUsd: point.usd })) ?? []),
  ];
  // A stable sort: points of one series at the same x keep their order (before, then after).
  return rows.sort((left, right) => left.x - right.x);
}

/** The last point of a series at or before `x` (the context there), or undefined before its first point. */
export function pointAt<Point extends { x: number }>(points: readonly Point[], x: number): Point | undefined {
  let low = 0;
  let high = points.length - 1;
  let found: Point | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (points[middle].x <= x) {
      found = points[middle];
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
