import { formatMs, formatTable } from '../timing';

/** One printed figure: what was measured, its target in words, and the same-process baseline it is compared with. */
export interface Figure {
  measure: string;
  /** Milliseconds, a count when `unit` is 'count', bytes when it is 'bytes'; undefined when the step could not run. */
  value?: number;
  unit?: 'ms' | 'count' | 'bytes';
  target?: string;
  baseline?: { name: string; value?: number };
  note?: string;
}

/** The value at fraction `quantile` (0–1) of the sorted values, nearest rank; undefined for no values. */
export function percentile(values: readonly number[], quantile: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1));
  return sorted[rank];
}

/** The middle value (the mean of the two middle ones for an even count); undefined for no values. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The largest value, or undefined for no values. */
export function maximum(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : Math.max(...values);
}

function formatValue(value: number | undefined, unit: Figure['unit']): string {
  if (value === undefined) return 'n/a';
  if (unit === 'bytes') return `${(value / 1024).toFixed(1)} KB`;
  return unit === 'count' ? value.toLocaleString('en-US') : formatMs(value);
}

/** `value / baseline` as `"3.2×"`; a dash when either is missing or the baseline is zero. */
export function formatRatio(value: number | undefined, baseline: number | undefined): string {
  if (value === undefined || baseline === undefined || baseline === 0) return '—';
  const ratio = value / baseline;
  return `${ratio < 10 ? ratio.toFixed(2) : Math.round(ratio).toLocaleString('en-US')}×`;
}

/** The figures as an aligned table: measure, value, target, baseline and the ratio to it, and a note. */
export function figureTable(figures: readonly Figure[]): string {
  return formatTable(
    ['measure', 'value', 'target', 'baseline (same run)', 'baseline value', 'vs baseline', 'note'],
    figures.map((figure) => [
      figure.measure,
      formatValue(figure.value, figure.unit),
      figure.target ?? '',
      figure.baseline?.name ?? '',
      figure.baseline ? formatValue(figure.baseline.value, figure.unit) : '',
      figure.baseline ? formatRatio(figure.value, figure.baseline.value) : '',
      figure.note ?? '',
    ]),
  );
}
