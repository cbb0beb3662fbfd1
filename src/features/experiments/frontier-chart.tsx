import { useRef, useState } from 'react';
import { ChartLegend } from '../../ui/chart-legend';
import { formatInteger, formatPercent, formatUsd } from '../../ui/format';
import type { BestVerdict, ConfigAggregate, FrontierAxis, GridCell } from './experiment-view-types';
import { axisLabels, FrontierPlot } from './frontier-plot';
import { frontierPoints, type FrontierPoint } from './frontier-points';
import { useFrameWidth } from '../../ui/use-frame-width';

/** What the frontier chart draws. */
export interface FrontierChartProps {
  aggregates: readonly ConfigAggregate[];
  cells: readonly GridCell[];
  /** The configs on the Pareto frontier for each horizontal axis, in order of that axis. */
  frontier: Readonly<Record<FrontierAxis, readonly string[]>>;
  best: BestVerdict;
  /** Words for the context basis, e.g. "o200k_base exact + unstored overhead". */
  basis: string;
  /** The experiment is still running: the points' words follow every cell, the plot is drawn when it ends. */
  isRunning?: boolean;
}

function xWords(axis: FrontierAxis, value: number): string {
  return axis === 'costUsd' ? formatUsd(value) : `${formatInteger(Math.round(value))} tokens`;
}

/** One config's point in words, for the list under the chart (its numbers readable without a pointer). */
function pointWords(point: FrontierPoint, axis: FrontierAxis): string {
  const x = `${axis === 'costUsd' ? 'mean cost' : 'mean context after'} ${xWords(axis, point.x)} (${xWords(axis, point.xRange[0])} to ${xWords(axis, point.xRange[1])})`;
  const y = `mean need-weighted retention ${formatPercent(point.y)} (${formatPercent(point.yRange[0])} to ${formatPercent(point.yRange[1])})`;
  return `${point.config}: ${x}, ${y}${point.isOnFrontier ? ' — on the frontier' : ''}`;
}

/** The best config under the assertions, in words. */
function bestWords(best: BestVerdict): string {
  return best.config === null ? `No best config: ${best.why}.` : `Best under your assertions: ${best.config} — ${best.why}.`;
}

/**
 * Each config as a point (mean across transcripts: context after or cost across, need-weighted retention up) with its
 * min–max whiskers, the Pareto frontier as a line, the best config under the assertions named in words under it.
 */
export function FrontierChart({ aggregates, cells, frontier, best, basis, isRunning = false }: FrontierChartProps) {
  const [axis, setAxis] = useState<FrontierAxis>('contextAfter');
  const frame = useRef<HTMLDivElement>(null);
  const width = useFrameWidth(frame);
  const { points, missing } = frontierPoints(aggregates, cells, axis, frontier[axis]);
  const line = frontier[axis].flatMap((config) => points.filter((point) => point.config === config));
  // The plot draws again only when what it shows changed, not on every cell that lands while an experiment runs.
  const plotKey = `${axis}|${width}|${JSON.stringify(points)}|${frontier[axis].join('\u0000')}`;
  return (
    <figure className="frontier-chart" aria-label="Frontier chart">
      <div className="frontier-header">
        <h3>Frontier: retention against {axis === 'costUsd' ? 'cost' : 'size'}</h3>
        <label>
          Horizontal axis{' '}
          <select value={axis} onChange={(event) => setAxis(event.target.value as FrontierAxis)}>
            <option value="contextAfter">{axisLabels.contextAfter}</option>
            <option value="costUsd">{axisLabels.costUsd}</option>
          </select>
        </label>
      </div>
      <div className="chart-frame" ref={frame}>
        {/* Drawing the plot holds the main thread for a tenth of a second or more: while cells land, the list below has the same points in words. */}
        {isRunning && points.length > 0 && <p className="muted frontier-empty frontier-waiting">The plot is drawn when the experiment ends; the points below follow every finished cell.</p>}
        {!isRunning && width > 0 && points.length > 0 && <FrontierPlot plotKey={plotKey} points={points} line={line} axis={axis} width={width} describe={pointWords} />}
        {points.length === 0 && <p className="muted frontier-empty">No config can be drawn yet: each needs a finished cell with need-weighted retention measured.</p>}
      </div>
      <ChartLegend
        items={[
          { label: 'A config: mean across its transcripts; whiskers span the lowest to the highest transcript', color: 'var(--accent)' },
          { label: `Pareto frontier: no other config keeps more at a smaller ${axis === 'costUsd' ? 'cost' : 'size'}`, color: 'var(--accent)', dash: '6 4' },
        ]}
      />
      <figcaption>
        <p className="frontier-best" data-testid="best-config">
          {bestWords(best)}
        </p>
        <p className="muted">Basis: context after in context tokens ({basis}); cost in US dollars; need-weighted retention as a share of the compacted facts used again later.</p>
      </figcaption>
      <ul className="frontier-points-list" aria-label="Configs on the chart">
        {points.map((point) => (
          <li key={point.config}>{pointWords(point, axis)}</li>
        ))}
        {missing.map((entry) => (
          <li key={entry.config}>
            {entry.config}: not drawn — {entry.why}
          </li>
        ))}
      </ul>
    </figure>
  );
}
