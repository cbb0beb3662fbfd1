/** One pass of a series (the engine's `CostPoint` fits). */
export interface CostRetentionPoint {
  pass: number;
  label: string;
  /** Tokens saved from the run's start to the end of this pass. */
  tokensSaved: number;
  /** US dollars of every provider call so far; null when any had no known cost. */
  costUsd: number | null;
  /** Facts kept so far, 0–100. */
  retentionPercent: number;
  factCount: number;
}

/** One line of the chart (the engine's `CostSeries` fits). */
export interface CostRetentionSeries {
  id: string;
  name: string;
  points: readonly CostRetentionPoint[];
}

/** What the horizontal axis measures. */
export type Axis = 'tokensSaved' | 'costUsd';

/** A point with what the chart and tooltip need: its series' name, its horizontal position, and whether it is the start. */
export type Datum = CostRetentionPoint & { seriesName?: string; x: number; isStart?: boolean };

/**
 * Where every line starts: the original, before any pass — nothing compacted yet, so no fact lost, no token saved and
 * nothing spent. Drawn so a run of one pass reads as a line from the original to it, not a lone dot.
 */
const startPoint: CostRetentionPoint = { pass: 0, label: 'Original', tokensSaved: 0, costUsd: 0, retentionPercent: 100, factCount: 0 };

/**
 * The lines the chart draws: each series from the original (`isStart`) through its passes, placed across by `axis`
 * and named by its series when there are several. The list under the chart reads `points`, which hold passes only.
 */
export function drawnLines<Series extends CostRetentionSeries>(series: readonly Series[], axis: Axis): (Series & { data: Datum[] })[] {
  const named = series.length > 1;
  return series.map((line) => ({
    ...line,
    data: [{ ...startPoint, isStart: true }, ...line.points].map((point): Datum => ({ ...point, seriesName: named ? line.name : undefined, x: axis === 'costUsd' ? (point.costUsd ?? 0) : point.tokensSaved })),
  }));
}
