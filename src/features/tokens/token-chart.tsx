import { ChartLegend } from '../../ui/chart-legend';
import { memo, useRef } from 'react';
import { Area, Bar, CartesianGrid, Cell, ComposedChart, Line, ReferenceArea, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactTokens, formatInteger } from '../../ui/format';
import type { ConfigLimits } from '../../worker-client/protocol';
import { chartKinds, limitMarks, type ChartRow } from './chart-rows';
import { ChartTooltip } from './chart-tooltip';
import { exportChartPng, exportChartSvg, type LegendItem } from './export-chart';
import { kindStyles, limitColors } from './kind-style';
import { useResolvedColors } from './use-resolved-colors';

/** What the token chart draws. */
export interface TokenChartProps {
  rows: ChartRow[];
  limits: ConfigLimits;
  selectedPass: number;
  onChoosePass(pass: number): void;
}

const retentionLabel = 'Facts kept so far (%, right axis; none for the original: nothing compacted yet)';
const estimateLabel = "The profile's own estimate (what its trigger compares, on its own basis)";
const rangeLabel = 'Calibration spread (10th–90th percentile of the fitted ratio)';

/** Each label sits just above its line, at its own end of it, so lines close together keep readable labels. */
const labelPositions = { window: 'insideBottomRight', trigger: 'insideBottomLeft', hardLimit: 'insideBottom' } as const;

const kindColorNames = Object.fromEntries(chartKinds.map((kind) => [kind, kindStyles[kind].color])) as Record<string, string>;

/** The highest value anything drawn reaches, with headroom for the line labels. */
function chartTop(rows: ChartRow[], limits: ConfigLimits): number {
  const values = [limits.window ?? 0, limits.trigger ?? 0, limits.hardLimit ?? 0];
  for (const row of rows) {
    values.push(row.total ?? 0, row.estimate ?? 0, row.range?.[1] ?? 0);
    for (const marker of row.sourceMarkers ?? []) values.push(marker.tokensBefore ?? 0, marker.tokensAfter ?? 0);
  }
  return Math.max(1, ...values) * 1.08;
}

/** What the drawn chart needs: everything but the chosen pass, so choosing a pass never redraws it. */
interface ChartBodyProps {
  rows: ChartRow[];
  limits: ConfigLimits;
  hasRetention: boolean;
  colors: Record<keyof typeof limitColors, string>;
  kindColors: Record<string, string>;
  onChoosePass(pass: number): void;
}

/**
 * The recharts drawing. Memoized, and independent of the chosen pass: the chosen state's bars are highlighted by a
 * stylesheet rule on their class (see `TokenChart`), because redrawing the whole chart on every ←/→ cost tens of ms.
 */
const ChartBody = memo(function ChartBody({ rows, limits, hasRetention, colors, kindColors, onChoosePass }: ChartBodyProps) {
  const { lines, reserve } = limitMarks(limits);
  return (
    <ResponsiveContainer width="100%" height={380}>
      <ComposedChart
        data={rows}
        margin={{ top: 16, right: hasRetention ? 8 : 24, bottom: 8, left: 16 }}
        onClick={(state) => {
          const index = Number(state?.activeTooltipIndex);
          if (Number.isInteger(index) && rows[index]) onChoosePass(rows[index].pass);
        }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={colors.estimate} strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={{ fill: colors.estimate }} />
        <YAxis domain={[0, chartTop(rows, limits)]} tickFormatter={(value: number) => formatCompactTokens(Math.round(value / 1000) * 1000)} tick={{ fill: colors.estimate }} width={64} />
        {hasRetention && (
          <YAxis
            yAxisId="retention"
            orientation="right"
            domain={[0, 100]}
            tickFormatter={(value: number) => `${value}%`}
            tick={{ fill: colors.retention }}
            label={{ value: 'Facts kept so far (%)', angle: 90, position: 'insideRight', style: { textAnchor: 'middle' }, fill: colors.retention, fontSize: 12 }}
            width={64}
          />
        )}
        <Tooltip content={<ChartTooltip limits={limits} hasRetention={hasRetention} />} cursor={{ fillOpacity: 0.08 }} isAnimationActive={false} />
        {reserve && (
          <ReferenceArea y1={reserve.from} y2={reserve.to} fill={colors.reserve} fillOpacity={0.15} ifOverflow="extendDomain" label={{ value: reserve.label, position: 'insideTopRight', fill: colors.reserve, fontSize: 12 }} />
        )}
        {chartKinds.map((kind) => (
          <Bar key={kind} dataKey={kind} name={kindStyles[kind].label} stackId="tokens" fill={kindColors[kind]} isAnimationActive={false} cursor="pointer">
            {rows.map((row) => (
              <Cell key={row.pass} className={`pass-cell pass-cell-${row.pass}`} />
            ))}
          </Bar>
        ))}
        {rows.some((row) => row.range) && (
          <Area dataKey="range" name={rangeLabel} stroke={colors.estimate} strokeDasharray="2 3" fill={colors.estimate} fillOpacity={0.12} isAnimationActive={false} connectNulls />
        )}
        <Line dataKey="estimate" name={estimateLabel} stroke={colors.estimate} strokeDasharray="4 3" dot={{ r: 4 }} isAnimationActive={false} connectNulls />
        {hasRetention && (
          <Line yAxisId="retention" dataKey="retentionPercent" name={retentionLabel} stroke={colors.retention} strokeWidth={2} dot={{ r: 4, fill: colors.retention }} isAnimationActive={false} connectNulls />
        )}
        {lines.map((line) => (
          <ReferenceLine
            key={line.id}
            y={line.value}
            stroke={colors[line.id]}
            strokeWidth={1.5}
            strokeDasharray={line.id === 'window' ? undefined : '6 4'}
            label={{ value: line.label, position: labelPositions[line.id], fill: colors[line.id], fontSize: 12 }}
          />
        ))}
        {rows[0]?.sourceMarkers?.flatMap((marker, index) =>
          [marker.tokensBefore, marker.tokensAfter].map((tokens, end) =>
            tokens === undefined ? null : (
              <ReferenceDot
                key={`${index}-${end}`}
                x={rows[0].label}
                y={tokens}
                r={5}
                fill={end === 0 ? colors.sourceMarker : 'none'}
                stroke={colors.sourceMarker}
                label={{ value: `agent's own ${marker.kind}: ${formatInteger(tokens)} ${end === 0 ? 'before' : 'after'} (logged)`, position: 'right', fill: colors.sourceMarker, fontSize: 11 }}
              />
            ),
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
});

/**
 * Context tokens per state (the original, then after each pass) stacked by kind over the unstored overhead, with the
 * window, trigger, reserve band and tier-2 hard limit, the calibration's spread as a band on the calibrated basis,
 * what the profile's gate saw as a line of dots, and the agent's own source compactions on the original. Clicking a
 * state chooses that pass.
 */
export function TokenChart({ rows, limits, selectedPass, onChoosePass }: TokenChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const kindColors = useResolvedColors(kindColorNames);
  const colors = useResolvedColors(limitColors);
  const hasRetention = rows.some((row) => row.retentionPercent !== undefined);
  const legend: LegendItem[] = [
    ...chartKinds.map((kind) => ({ label: kindStyles[kind].label, color: kindColors[kind] })),
    ...(rows.some((row) => row.range) ? [{ label: rangeLabel, color: colors.estimate }] : []),
    { label: estimateLabel, color: colors.estimate },
    ...(hasRetention ? [{ label: retentionLabel, color: colors.retention }] : []),
  ];
  const exportFrame = (format: 'svg' | 'png') => {
    const svg = frame.current?.querySelector('svg.recharts-surface');
    if (svg instanceof SVGSVGElement) void (format === 'svg' ? exportChartSvg(svg, legend) : exportChartPng(svg, legend));
  };
  return (
    <section className="token-chart" aria-label="Token chart">
      {/* The chosen state's bars, by class: the pass is a number, so the rule holds nothing from the transcript. */}
      <style>{`.token-chart .pass-cell-${Math.trunc(selectedPass)} { fill-opacity: 1; stroke: var(--text); }`}</style>
      <div className="chart-actions">
        <button type="button" onClick={() => exportFrame('svg')}>Export chart as SVG</button>
        <button type="button" onClick={() => exportFrame('png')}>Export chart as PNG</button>
      </div>
      <div className="chart-frame" ref={frame}>
        <ChartBody rows={rows} limits={limits} hasRetention={hasRetention} colors={colors} kindColors={kindColors} onChoosePass={onChoosePass} />
      </div>
      <ChartLegend items={legend} />
    </section>
  );
}
