import { memo, useEffect, useState } from 'react';
import { CartesianGrid, ComposedChart, ErrorBar, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactTokens, formatPercent, formatUsd } from '../../ui/format';
import type { FrontierAxis } from './experiment-view-types';
import type { FrontierPoint } from './frontier-points';

/** The horizontal axis's title for each choice. */
export const axisLabels: Record<FrontierAxis, string> = {
  contextAfter: 'Mean context after (context tokens)',
  costUsd: 'Mean cost (US dollars)',
};

const plotHeight = 300;

/** What the plot draws: the configs' points, the frontier's line through some of them, the axis and the frame's width. */
interface PlotProps {
  /** Names the content (points, line, axis, width): a render with the same key draws nothing new and is skipped. */
  plotKey: string;
  points: readonly FrontierPoint[];
  line: readonly FrontierPoint[];
  axis: FrontierAxis;
  width: number;
  /** A point in words, for the tooltip. */
  describe(point: FrontierPoint, axis: FrontierAxis): string;
}

/** A config's point: a dot and its (short) name beside it, on one line. */
function PointMark({ cx, cy, payload }: { cx?: number; cy?: number; payload?: FrontierPoint }) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  const name = payload.config.length > 22 ? `${payload.config.slice(0, 20)}…` : payload.config;
  return (
    <g>
      <circle cx={cx} cy={cy} r={6} className="frontier-dot" />
      <text x={cx + 9} y={cy - 9} className="frontier-label">
        {name}
      </text>
    </g>
  );
}

function PointTooltip({ active, payload, axis, describe }: { active?: boolean; payload?: readonly { payload?: FrontierPoint }[]; axis: FrontierAxis; describe: PlotProps['describe'] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point || point.config === undefined) return null;
  return <div className="chart-tooltip">{describe(point, axis)}</div>;
}

const Plot = memo(
  function Plot({ points, line, axis, width, describe }: PlotProps) {
    return (
      <ComposedChart width={width} height={plotHeight} margin={{ top: 16, right: 32, bottom: 28, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis
          type="number"
          dataKey="x"
          domain={[0, 'auto']}
          // Every tick drawn, none measured: measuring tick text lays out the whole page (the grid beside it) mid-render.
          interval={0}
          tickFormatter={(value: number) => (axis === 'costUsd' ? formatUsd(value) : formatCompactTokens(value))}
          label={{ value: axisLabels[axis], position: 'insideBottom', offset: -16, fill: 'currentColor' }}
          tick={{ fill: 'currentColor' }}
        />
        <YAxis
          type="number"
          dataKey="y"
          domain={[0, 1]}
          interval={0}
          tickFormatter={(value: number) => formatPercent(value)}
          label={{ value: 'Mean need-weighted retention', angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' }, fill: 'currentColor' }}
          tick={{ fill: 'currentColor' }}
          width={64}
        />
        <Tooltip isAnimationActive={false} cursor={false} content={<PointTooltip axis={axis} describe={describe} />} />
        <Scatter name="Pareto frontier" data={[...line]} line className="frontier-line" shape={() => <g />} isAnimationActive={false} legendType="none" />
        <Scatter name="Configs" data={[...points]} className="frontier-points" isAnimationActive={false} shape={PointMark}>
          <ErrorBar dataKey="yError" direction="y" width={6} className="frontier-whisker" />
          <ErrorBar dataKey="xError" direction="x" width={6} className="frontier-whisker" />
        </Scatter>
      </ComposedChart>
    );
  },
  (before, after) => before.plotKey === after.plotKey,
);

/**
 * The frontier's plot, drawn again only when what it shows changed. Its first drawing waits until the frame before it
 * has been painted: the chart library's first render of a plot holds the main thread for a tenth of a second or more
 * on a small machine, and the grid's last results (or the view's opening) should be on screen before that. A space of
 * the plot's height holds its place until then, so nothing below it moves.
 */
export function FrontierPlot(props: PlotProps) {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isPainted ? <Plot {...props} /> : <div className="frontier-plot-pending" style={{ height: plotHeight }} aria-hidden="true" />;
}
