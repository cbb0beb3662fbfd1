import { ChartLegend, type LegendItem } from '../../ui/chart-legend';
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactTokens, formatInteger } from '../../ui/format';
import { chartRows, type ChartCosts, type ChartRow } from './chart-data';
import { costLegend, CostStrip } from './cost-strip';
import { SessionTooltip } from './session-tooltip';
import type { SessionLimits } from './session-limits';
import type { PolicyMarker, SessionAxis, SessionSeries } from './session-series';
import { useChartColors } from './use-chart-colors';
import { useFrameWidth } from '../../ui/use-frame-width';

/** Which replay a marker belongs to. */
export type PolicyName = 'A' | 'B';

/** What the session chart draws. */
export interface SessionChartProps {
  a: SessionSeries;
  b?: SessionSeries;
  limits: SessionLimits;
  axis: SessionAxis;
  /** Words for the basis the sawtooth is stated on, e.g. "o200k_base exact + 3,100 unstored overhead". */
  basisWords: string;
  /** The replays' cumulative costs, drawn in their own strip under the tokens in US dollars (absent: the replay was not priced). */
  costs?: ChartCosts;
  /** Opens one of a policy's compactions (the app shows it in the pass timeline and the inspector views). */
  onOpen(policy: PolicyName, ordinal: number): void;
}

/** The token chart and the cost strip share one hover cursor. */
const syncId = 'session-chart';

const labelPositions = { window: 'insideBottomRight', trigger: 'insideBottomLeft', hardLimit: 'insideBottom' } as const;

/** A clock time for the time axis: "14:05", with the day when the session spans days. */
function timeTick(value: number, spansDays: boolean): string {
  const date = new Date(value);
  const clock = date.toISOString().slice(11, 16);
  return spansDays ? `${date.toISOString().slice(5, 10)} ${clock}` : clock;
}

/** A policy compaction's words, for its marker's name and title. */
function markerLabel(policy: PolicyName, marker: PolicyMarker, hasB: boolean): string {
  const whose = hasB ? `policy ${policy}'s ` : '';
  return `Open ${whose}compaction ${marker.ordinal} at message ${formatInteger(marker.message)}: ${formatInteger(marker.before)} → ${formatInteger(marker.after)} tokens${marker.success ? '' : ' (failed)'}${marker.overWindow ? ' (over the window: the next call would be refused)' : ''}`;
}

/** A marker's dot as a focusable button inside the chart: click, Enter or Space opens the compaction. */
function MarkerButton({ cx, cy, color, label, failed, onOpen }: { cx?: number; cy?: number; color: string; label: string; failed: boolean; onOpen(): void }) {
  if (cx === undefined || cy === undefined) return null;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen();
  };
  return (
    <g role="button" tabIndex={0} aria-label={label} className="policy-marker" onClick={onOpen} onKeyDown={onKeyDown}>
      <title>{label}</title>
      <circle cx={cx} cy={cy} r={11} fill="transparent" />
      <circle cx={cx} cy={cy} r={6} fill={failed ? 'none' : color} stroke={color} strokeWidth={2} />
    </g>
  );
}

/** The agent's own compaction: a diamond with its words beside it, on the side of the chart with room for them. */
function SourceDiamond({ cx, cy, color, label, chartWidth }: { cx?: number; cy?: number; color: string; label: string; chartWidth: number }) {
  if (cx === undefined || cy === undefined) return null;
  const isRightHalf = cx > chartWidth / 2;
  return (
    <g role="img" aria-label={label} className="source-marker">
      <title>{label}</title>
      <path d={`M ${cx} ${cy - 8} L ${cx + 8} ${cy} L ${cx} ${cy + 8} L ${cx - 8} ${cy} Z`} fill={color} stroke={color} />
      <text x={isRightHalf ? cx - 12 : cx + 12} y={cy - 10} fill={color} fontSize={11} textAnchor={isRightHalf ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}

/** The drawing, memoized: it redraws only when what it draws changes. */
const ChartBody = memo(function ChartBody({ a, b, limits, axis, onOpen, costs, rows, colors, width }: SessionChartProps & { rows: ChartRow[]; colors: ReturnType<typeof useChartColors>; width: number }) {
  const values = [a.peak, b?.peak ?? 0, ...limits.lines.map((line) => line.value)];
  const top = Math.max(1, ...values) * 1.08;
  const first = rows[0]?.x ?? 0;
  const last = rows[rows.length - 1]?.x ?? 1;
  const spansDays = axis === 'time' && last - first > 86_400_000;
  const hasB = b !== undefined;
  const tickFormatter = (value: number) => (axis === 'time' ? timeTick(value, spansDays) : formatInteger(value));
  const xLabel = axis === 'time' ? 'Time (UTC)' : 'Message';
  return (
    <>
    <ComposedChart width={width} height={400} data={rows} syncId={syncId} syncMethod="value" margin={{ top: 24, right: 24, bottom: 20, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={colors.text} strokeOpacity={0.12} />
        <XAxis
          dataKey="x"
          type="number"
          domain={[first, last]}
          tick={{ fill: colors.text }}
          tickFormatter={tickFormatter}
          label={{ value: xLabel, position: 'insideBottomRight', offset: -4, fill: colors.text, fontSize: 12 }}
        />
        <YAxis
          domain={[0, top]}
          tickFormatter={(value: number) => formatCompactTokens(Math.round(value / 1000) * 1000)}
          tick={{ fill: colors.text }}
          width={64}
          label={{ value: 'Context tokens', angle: -90, position: 'insideLeft', fill: colors.text, fontSize: 12, dy: 40 }}
        />
        <Tooltip content={<SessionTooltip a={a} b={b} axis={axis} costs={costs} />} isAnimationActive={false} />
        {limits.reserve && (
          <ReferenceArea y1={limits.reserve.from} y2={limits.reserve.to} fill={colors.reserve} fillOpacity={0.15} label={{ value: limits.reserve.label, position: 'insideTopRight', fill: colors.reserve, fontSize: 12 }} />
        )}
        {limits.lines.map((line) => (
          <ReferenceLine
            key={line.id}
            y={line.value}
            stroke={colors[line.id]}
            strokeWidth={1.5}
            strokeDasharray={line.id === 'window' ? undefined : '6 4'}
            label={{ value: line.label, position: labelPositions[line.id], fill: colors[line.id], fontSize: 12 }}
          />
        ))}
        <Line dataKey="logged" name="Logged context" stroke={colors.logged} strokeDasharray="4 3" dot={false} isAnimationActive={false} connectNulls />
        <Line dataKey="a" name="Policy A" stroke={colors.policyA} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />
        {hasB && <Line dataKey="b" name="Policy B" stroke={colors.policyB} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />}
        {a.sourceMarkers.map((marker) => (
          <ReferenceDot key={`source-${marker.message}`} x={marker.x} y={marker.tokens} shape={(props: { cx?: number; cy?: number }) => <SourceDiamond {...props} color={colors.sourceMarker} label={marker.label} chartWidth={width} />} />
        ))}
        {(['A', 'B'] as const).flatMap((policy) =>
          (policy === 'A' ? a : b)?.policyMarkers.map((marker) => (
            <ReferenceDot
              key={`${policy}-${marker.ordinal}`}
              x={marker.x}
              y={marker.before}
              shape={(props: { cx?: number; cy?: number }) => (
                <MarkerButton {...props} color={policy === 'A' ? colors.policyA : colors.policyB} label={markerLabel(policy, marker, hasB)} failed={!marker.success || marker.overWindow} onOpen={() => onOpen(policy, marker.ordinal)} />
              )}
            />
          )) ?? [],
        )}
    </ComposedChart>
    {costs && <CostStrip costs={costs} width={width} domain={[first, last]} tickFormatter={tickFormatter} xLabel={xLabel} colors={colors} hasB={hasB} syncId={syncId} />}
    </>
  );
});

/**
 * Context tokens over the session: each policy's sawtooth on the page's one basis (a compaction is a vertical drop from
 * the context before to the context after), the provider's logged context as its own dashed series, the window,
 * trigger, hard limit and reserve, a focusable marker at each policy compaction (click or Enter opens it) and a diamond
 * where the agent compacted itself. The legend says the basis in words.
 */
export function SessionChart(props: SessionChartProps) {
  const colors = useChartColors();
  const frame = useRef<HTMLDivElement>(null);
  const width = useFrameWidth(frame);
  const rows = useMemo(() => chartRows(props.a, props.b), [props.a, props.b]);
  const hasB = props.b !== undefined;
  const legend: LegendItem[] = [
    { label: `${hasB ? 'Policy A' : 'Context'} tokens (${props.basisWords})`, color: colors.policyA, dash: '' },
    ...(hasB ? [{ label: `Policy B tokens (${props.basisWords})`, color: colors.policyB, dash: '' }] : []),
    ...(props.a.logged.length > 0 ? [{ label: "Logged context: the provider's figure for the agent's real context (its tokens, not ours)", color: colors.logged, dash: '4 3' }] : []),
    { label: 'Policy compaction (click or Enter opens it; hollow: failed, or left the context over the window)', color: colors.policyA },
    ...(props.a.sourceMarkers.length > 0 ? [{ label: "The agent's own compaction in the source", color: colors.sourceMarker }] : []),
    ...(hasB ? [{ label: "Window, trigger and reserve: policy A's config", color: colors.window }] : []),
    ...costLegend(props.costs ?? {}, colors, hasB),
  ];
  return (
    <section className="session-chart" aria-label="Context over the session">
      <div className="session-chart-frame" ref={frame}>
        {width > 0 && <ChartBody {...props} rows={rows} colors={colors} width={width} />}
      </div>
      <ChartLegend items={legend} />
      {props.limits.gateNote && <p className="muted session-gate-note">{props.limits.gateNote}</p>}
    </section>
  );
}
