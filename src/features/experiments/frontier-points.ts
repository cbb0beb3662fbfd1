import type { ConfigAggregate, FrontierAxis, GridCell } from './experiment-view-types';

/** A config as a point: the means across its transcripts, the min–max of each, and whether it is on the frontier. */
export interface FrontierPoint {
  config: string;
  x: number;
  y: number;
  /** Distances from the mean to the lowest and highest cell, as recharts' error bars take them: [below, above]. */
  xError: [number, number];
  yError: [number, number];
  xRange: [number, number];
  yRange: [number, number];
  isOnFrontier: boolean;
}

/** The points the chart can draw, and the configs it cannot, with why in words. */
export interface FrontierData {
  points: FrontierPoint[];
  missing: { config: string; why: string }[];
}

function range(values: readonly number[], mean: number): { range: [number, number]; error: [number, number] } {
  const [low, high] = values.length === 0 ? [mean, mean] : [Math.min(...values), Math.max(...values)];
  return { range: [low, high], error: [mean - low, high - mean] };
}

/**
 * Each config's point on `axis` (context after or cost) against mean need-weighted retention, with its spread across
 * the transcripts where both were measured; configs without both means are listed apart, never drawn at 0.
 */
export function frontierPoints(aggregates: readonly ConfigAggregate[], cells: readonly GridCell[], axis: FrontierAxis, frontier: readonly string[]): FrontierData {
  const points: FrontierPoint[] = [];
  const missing: FrontierData['missing'] = [];
  for (const aggregate of aggregates) {
    const x = aggregate.figures[axis].mean;
    const y = aggregate.figures.needWeighted.mean;
    if (y === null) {
      missing.push({ config: aggregate.config, why: 'need-weighted retention was never measured (nothing later used a compacted fact)' });
      continue;
    }
    if (x === null) {
      missing.push({ config: aggregate.config, why: axis === 'costUsd' ? 'its cost is unknown (a model has no price)' : 'no cell finished' });
      continue;
    }
    const done = cells.flatMap((cell) => (cell.config === aggregate.config && cell.status === 'done' && cell.figures ? [cell.figures] : []));
    const xs = range(done.flatMap((figures) => (figures[axis] === null ? [] : [figures[axis]])), x);
    const ys = range(done.flatMap((figures) => (figures.needWeighted === null ? [] : [figures.needWeighted])), y);
    points.push({ config: aggregate.config, x, y, xError: xs.error, yError: ys.error, xRange: xs.range, yRange: ys.range, isOnFrontier: frontier.includes(aggregate.config) });
  }
  return { points, missing };
}
