import { useMemo } from 'react';
import type { ContextBasis } from '../../engine';
import { describeBasis, formatContext } from '../../state/figure-text';
import { formatInteger, formatPercent } from '../../ui/format';
import { Term } from '../../ui/term';
import { metricRows, type CompareSide, type MetricRow } from './compare-side';

function formatValue(row: MetricRow, value: number | undefined): string {
  if (value === undefined) return row.kind === 'share' ? '— not measured' : '—';
  const text = row.kind === 'share' ? formatPercent(value) : formatInteger(value);
  return row.of ? `${text} ${row.of}` : text;
}

function sign(value: number): string {
  return value > 0 ? '+' : value < 0 ? '−' : '±';
}

/** Δ in the row's unit: tokens and counts signed, with the change as a share of the left for tokens; shares in points. */
function formatDelta(row: MetricRow): string {
  const { delta, left } = row;
  if (delta === undefined) return '—';
  if (row.kind === 'share') return `${sign(delta)}${(Math.abs(delta) * 100).toFixed(1)} pts`;
  const change = row.kind === 'tokens' && left ? ` (${sign(delta)}${formatPercent(Math.abs(delta) / left)})` : '';
  return `${sign(delta)}${formatInteger(Math.abs(delta))}${change}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The metric table between two sides, folded to its one line: both sides' context tokens and the change. Unfolded:
 * messages, context tokens (basis named), tokens by kind, pinned lines present, fact and need-weighted retention,
 * with Δ = right − left. With `isSameState` only the left's figure is stated (there is nothing to compare).
 */
export function MetricTable({ left, right, basis, pins, isSameState }: { left: CompareSide; right: CompareSide; basis: ContextBasis; pins: readonly { line: string; skills: string[] }[]; isSameState: boolean }) {
  const rows = useMemo(() => metricRows(left, right, basis, pins), [left, right, basis, pins]);
  const context = rows.find((candidate) => candidate.id === 'context');
  const change = context?.delta !== undefined && context.left ? ` (${sign(context.delta)}${formatPercent(Math.abs(context.delta) / context.left)})` : '';
  return (
    <details className="diff-metrics">
      <summary className="diff-tokens muted" data-testid="diff-tokens" title="Show the metric table">
        {left.label} {formatContext(left.figures.context)} context tokens
        {!isSameState && <> → {formatContext(right.figures.context)} {lowerFirst(right.label)}{change}</>}
        {basis.overheadTokens > 0 && <> · both include the same {formatInteger(basis.overheadTokens)} for the <Term id="overhead" /></>}
      </summary>
      <div className="diff-metrics-scroll">
        <table className="figure-table" aria-label="Metrics of both sides">
          <caption className="muted">Context tokens: {describeBasis(basis)}, the same basis on both sides. Δ is right − left.</caption>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">{left.label}</th>
              <th scope="col">{right.label}</th>
              <th scope="col">Δ</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.label}</th>
                <td>{formatValue(row, row.left)}</td>
                <td>{formatValue(row, row.right)}</td>
                <td>{formatDelta(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
