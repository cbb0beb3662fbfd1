import { diffLines } from 'diff';
import type { AbCell, AbMetricKind, AbVariantStats } from '../engine';
import type { AbOutput } from './ab-output';
import { forcedSettingsLine } from './settings-check';
import { numberFormat } from './number-format';

const number = numberFormat();

function formatValue(kind: AbMetricKind, value: number): string {
  if (kind === 'usd') return value === 0 ? '$0' : `$${Math.abs(value) < 0.01 ? value.toFixed(5) : value.toFixed(4)}`;
  if (kind === 'ms') return Math.abs(value) < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
  if (kind === 'percent') return `${value.toFixed(1)}%`;
  // A true minus sign, as in the Δ column: a negative saving must not read as a dash.
  const rounded = Math.round(value * 10) / 10;
  return rounded < 0 ? `−${number.format(-rounded)}` : number.format(rounded);
}

/** A cell as the table prints it: "—" when it does not apply, "2 of 3", "$0.0021 + 1 unknown". */
function formatCell(kind: AbMetricKind, cell: AbCell): string {
  if (cell.value === undefined) return '—';
  const unknown = cell.unknownCost ? ` + ${cell.unknownCost} unknown` : '';
  return `${formatValue(kind, cell.value)}${cell.of !== undefined ? ` of ${number.format(cell.of)}` : ''}${unknown}`;
}

/** B − A with its sign ("+1,234", "−350", "0"); empty when either side has no value. */
function formatDelta(kind: AbMetricKind, delta: number | undefined): string {
  if (delta === undefined) return '';
  if (delta === 0) return '0';
  return `${delta > 0 ? '+' : '−'}${formatValue(kind, Math.abs(delta))}`;
}

/** "tokens saved: median 12,345, spread 12,001–12,600 (stdev 210) over 5 runs", for a variant run more than once. */
function stabilityLine(stats: AbVariantStats): string | undefined {
  const spread = stats.tokensSaved;
  if (!spread || spread.count < 2) return undefined;
  const format = (value: number) => number.format(Math.round(value));
  return `tokens saved: median ${format(spread.median)}, spread ${format(spread.min)}–${format(spread.max)} (stdev ${format(spread.stdev)}) over ${spread.count} runs`;
}

/** The summaries' changed lines (`- ` in A only, `+ ` in B only), or a line saying they are the same. */
function summaryDiff(a: string | undefined, b: string | undefined): string[] {
  if (a === undefined && b === undefined) return ['summaries: neither variant wrote one'];
  if ((a ?? '') === (b ?? '')) return ['summaries: identical'];
  const lines = ['summaries (- A only, + B only):'];
  for (const change of diffLines(a ?? '', b ?? '')) {
    if (!change.added && !change.removed) continue;
    const prefix = change.added ? '+ ' : '- ';
    lines.push(...change.value.replace(/\n$/, '').split('\n').map((text) => `${prefix}${text}`));
  }
  return lines;
}

/** The human-readable form of `ab`: metric | A | B | Δ, then each variant's source, stability and the summaries' diff. */
export function formatAbTable(output: AbOutput): string {
  const header = ['metric', 'A (baseline)', 'B', 'Δ (B − A)'];
  const rows = output.rows.map((row) => [row.label, formatCell(row.kind, row.a), formatCell(row.kind, row.b), formatDelta(row.kind, row.delta)]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd();
  const lines = [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)];
  // The rows' basis, so no one compares them with the gate's own estimate or with a provider's logged usage.
  const overhead = number.format(output.context.unstoredOverhead);
  lines.push(`token rows are context tokens: ${output.context.encoding} exact + ${overhead} unstored overhead (the same in both variants)`, '');
  for (const [name, variant] of [['A', output.a], ['B', output.b]] as const) {
    lines.push(`${name}: ${variant.source} (${variant.profile}, ${variant.summarizer})`);
    const stability = stabilityLine(variant.stats);
    if (stability) lines.push(`   ${stability}`);
    lines.push(...forcedSettingsLine(variant.forcedSettings).map((line) => `   ${line}`));
  }
  if (output.repeat > 1) lines.push(`numbers are medians over ${output.repeat} runs per variant`);
  lines.push('', ...summaryDiff(output.a.stats.summary, output.b.stats.summary));
  return lines.join('\n');
}
