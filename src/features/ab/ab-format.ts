import type { AbCell, AbMetricKind, Spread } from '../../engine';
import { formatDuration, formatInteger, formatSignedUsd, formatUsd } from '../../ui/format';

function formatValue(kind: AbMetricKind, value: number): string {
  if (kind === 'usd') return formatUsd(value);
  if (kind === 'ms') return formatDuration(value);
  if (kind === 'percent') return `${value.toFixed(1)}%`;
  return Number.isInteger(value) ? formatInteger(value) : value.toFixed(1);
}

/** A cell as the table shows it: "—" when it does not apply, "2 of 3", "$0.0021 + 1 unknown". */
export function formatAbCell(kind: AbMetricKind, cell: AbCell): string {
  if (cell.value === undefined) return '—';
  const of = cell.of !== undefined ? ` of ${formatInteger(cell.of)}` : '';
  const unknown = cell.unknownCost ? ` + ${cell.unknownCost} unknown` : '';
  return `${formatValue(kind, cell.value)}${of}${unknown}`;
}

/** A delta with its sign ("+1,234", "−350", "0", "+$0.0105"); empty when either side has no value. */
export function formatAbDelta(kind: AbMetricKind, delta: number | undefined): string {
  if (delta === undefined) return '';
  if (kind === 'usd') return formatSignedUsd(delta);
  if (delta === 0) return '0';
  return `${delta > 0 ? '+' : '−'}${formatValue(kind, Math.abs(delta))}`;
}

/** "tokens saved: median 12,345, spread 12,001–12,600 over 5 runs (stdev 210)". */
export function formatStability(spread: Spread): string {
  return `tokens saved: median ${formatInteger(spread.median)}, spread ${formatInteger(spread.min)}–${formatInteger(spread.max)} over ${spread.count} runs (stdev ${formatInteger(spread.stdev)})`;
}
