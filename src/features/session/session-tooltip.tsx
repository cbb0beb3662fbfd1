import { formatInteger, formatUsd } from '../../ui/format';
import { pointAt, type ChartCosts } from './chart-data';
import type { SessionAxis, SessionSeries } from './session-series';

/** One policy's context at the hovered point, with its compaction there when it made one. */
function PolicyLine({ name, series, x }: { name: string; series: SessionSeries; x: number }) {
  const point = pointAt(series.saw, x);
  const marker = series.policyMarkers.find((candidate) => candidate.x === x);
  if (!point) return null;
  return (
    <p>
      {name}: {marker ? `compaction ${marker.ordinal}: ${formatInteger(marker.before)} → ${formatInteger(marker.after)}` : formatInteger(point.tokens)} context tokens
    </p>
  );
}

/** The cumulative costs so far at the hovered point: the agent's as logged and by the cache model, and each policy's. */
function CostLine({ costs, x, hasB }: { costs: ChartCosts; x: number; hasB: boolean }) {
  const usd = (points: readonly { x: number; usd: number }[] | undefined) => {
    const point = points && pointAt(points, x);
    return point ? formatUsd(point.usd) : undefined;
  };
  const parts = [
    ['the agent as logged', usd(costs.a?.agentLogged)],
    ['by the cache model', usd(costs.a?.agentModel)],
    [hasB ? 'policy A' : 'the policy', usd(costs.a?.policy)],
    ['policy B', usd(costs.b?.policy)],
  ].flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${value}`]));
  return parts.length === 0 ? null : <p>Cost so far: {parts.join(' · ')}</p>;
}

/** The figures at the hovered point of the session chart: each policy's context, and the provider's logged one. */
export function SessionTooltip({ active, label, a, b, axis, costs = {} }: { active?: boolean; label?: number | string; a: SessionSeries; b?: SessionSeries; axis: SessionAxis; costs?: ChartCosts }) {
  const x = Number(label);
  if (!active || !Number.isFinite(x)) return null;
  const point = pointAt(a.saw, x);
  const logged = pointAt(a.logged, x);
  const heading = axis === 'time' ? `${new Date(x).toISOString().replace('T', ' ').slice(0, 19)} UTC${point ? ` · message ${formatInteger(point.message)}` : ''}` : `Message ${formatInteger(point?.message ?? x)}`;
  return (
    <div className="chart-tooltip session-tooltip">
      <strong>{heading}</strong>
      <PolicyLine name={b ? 'Policy A' : 'Ours'} series={a} x={x} />
      {b && <PolicyLine name="Policy B" series={b} x={x} />}
      {logged && <p>Logged by the provider (message {formatInteger(logged.message)}): {formatInteger(logged.tokens)}</p>}
      <CostLine costs={costs} x={x} hasB={b !== undefined} />
    </div>
  );
}
