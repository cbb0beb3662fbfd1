import { useRef, useState } from 'react';
import { CartesianGrid, ComposedChart, ErrorBar, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartLegend } from '../../ui/chart-legend';
import { formatCompactTokens, formatInteger, formatPercent, formatUsd } from '../../ui/format';
import type { BestVerdict, ConfigAggregate, FrontierAxis, GridCell } from './experiment-view-types';
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
}

const axisLabels: Record<FrontierAxis, string> = {
  contextAfter: 'Mean context after (context tokens)',
  costUsd: 'Mean cost (US dollars)',
};

function xWords(axis: FrontierAxis, value: number): string {
  return axis === 'costUsd' ? formatUsd(value) : `${formatInteger(Math.round(value))} tokens`;
}

/** A config's name short enough to label its point (the list under the chart gives it whole). */
function shortName(name: string): string {
  return name.length > 22 ? `${name.slice(0, 20)}…` : name;
}

/** A config's point: a dot and its (short) name beside it, on one line. */
function PointMark({ cx, cy, payload }: { cx?: number; cy?: number; payload?: FrontierPoint }) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  return (
    <g>
      <circle cx={cx} cy={cy} r={6} className="frontier-dot" />
      <text x={cx + 9} y={cy - 9} className="frontier-label">
        {shortName(payload.config)}
      </text>
    </g>
  );
}

/** One config's point in words, for the list under the chart (its numbers readable without a pointer). */
function pointWords(point: FrontierPoint, axis: FrontierAxis): string {
  const x = `${axis === 'costUsd' ? 'mean cost' : 'mean context after'} ${xWords(axis, point.x)} (${xWords(axis, point.xRange[0])} to ${xWords(axis, point.xRange[1])})`;
  const y = `mean need-weighted retention ${formatPercent(point.y)} (${formatPercent(point.yRange[0])} to ${formatPercent(point.yRange[1])})`;
  return `${point.config}: ${x}, ${y}${point.isOnFrontier ? ' — on the frontier' : ''}`;
}

function PointTooltip({ active, payload, axis }: { active?: boolean; payload?: readonly { payload?: FrontierPoint }[]; axis: FrontierAxis }) {
  const point = payload?.[0]?.payload;
  if (!active || !point || point.config === undefined) return null;
  return <div className="chart-tooltip">{pointWords(point, axis)}</div>;
}

/** The best config under the assertions, in words. */
function bestWords(best: BestVerdict): string {
  return best.config === null ? `No best config: ${best.why}.` : `Best under your assertions: ${best.config} — ${best.why}.`;
}

/**
 * Each config as a point (mean across transcripts: context after or cost across, need-weighted retention up) with its
 * min–max whiskers, the Pareto frontier as a line, the best config under the assertions named in words under it.
 */
export function FrontierChart({ aggregates, cells, frontier, best, basis }: FrontierChartProps) {
  const [axis, setAxis] = useState<FrontierAxis>('contextAfter');
  const frame = useRef<HTMLDivElement>(null);
  const width = useFrameWidth(frame);
  const { points, missing } = frontierPoints(aggregates, cells, axis, frontier[axis]);
  const line = frontier[axis].flatMap((config) => points.filter((point) => point.config === config));
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
        {width > 0 && points.length > 0 && (
          <ComposedChart width={width} height={300} margin={{ top: 16, right: 32, bottom: 28, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, 'auto']}
              tickFormatter={(value: number) => (axis === 'costUsd' ? formatUsd(value) : formatCompactTokens(value))}
              label={{ value: axisLabels[axis], position: 'insideBottom', offset: -16, fill: 'currentColor' }}
              tick={{ fill: 'currentColor' }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, 1]}
              tickFormatter={(value: number) => formatPercent(value)}
              label={{ value: 'Mean need-weighted retention', angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' }, fill: 'currentColor' }}
              tick={{ fill: 'currentColor' }}
              width={64}
            />
            <Tooltip isAnimationActive={false} cursor={false} content={<PointTooltip axis={axis} />} />
            <Scatter name="Pareto frontier" data={line} line className="frontier-line" shape={() => <g />} isAnimationActive={false} legendType="none" />
            <Scatter name="Configs" data={points} className="frontier-points" isAnimationActive={false} shape={PointMark}>
              <ErrorBar dataKey="yError" direction="y" width={6} className="frontier-whisker" />
              <ErrorBar dataKey="xError" direction="x" width={6} className="frontier-whisker" />
            </Scatter>
          </ComposedChart>
        )}
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
