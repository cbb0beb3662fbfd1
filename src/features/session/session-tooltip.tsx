import { formatInteger } from '../../ui/format';
import { pointAt } from './chart-data';
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

/** The figures at the hovered point of the session chart: each policy's context, and the provider's logged one. */
export function SessionTooltip({ active, label, a, b, axis }: { active?: boolean; label?: number | string; a: SessionSeries; b?: SessionSeries; axis: SessionAxis }) {
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
    </div>
  );
}
