import type { CompactOutput } from './compact-command';
import { probeLines } from './probe-output';
import { formatRetention, retentionLines } from './retention-output';

const number = new Intl.NumberFormat('en-US');

/** The human-readable form of `compact`: one row per pass, then the outcome. */
export function formatCompactTable(output: CompactOutput): string {
  const header = ['pass', 'tokens before → after', 'strategy', 'attempts', 'fallback', 'duration', 'retention'];
  const rows = output.passes.map((pass) => [
    String(pass.pass),
    `${number.format(pass.tokensBefore)} → ${number.format(pass.tokensAfter)}`,
    pass.strategy + (pass.ok ? '' : ' (failed)') + (pass.flags.length > 0 ? ` [${pass.flags.join(', ')}]` : ''),
    String(pass.attempts),
    pass.fallback ?? '—',
    `${number.format(pass.durationMs)} ms`,
    // Cumulative: of every fact compacted up to this pass, the share its output still holds.
    pass.pass === output.passes[output.passes.length - 1].pass ? formatRetention(pass.retention, output.retention.total) : `${(pass.retention * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const lines = [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)];
  if (rows.length === 0) lines.push('(no pass ran: the context was under the trigger)');
  const outcome = output.cancelled ? 'cancelled' : output.success ? 'ok' : `failed: ${output.error?.message ?? 'unknown error'}`;
  lines.push('', `${output.profile}: ${outcome}; ${number.format(output.tokensBefore)} → ${number.format(output.tokensAfter)} tokens; ${output.summarizerCalls} summarizer calls (${output.summarizer})`);
  if (output.pinnedLines.total > 0) lines.push(`pinned lines: ${output.pinnedLines.survived} of ${output.pinnedLines.total} survived verbatim`);
  lines.push(...retentionLines(output.retention, output.flags));
  lines.push(...probeLines(output.probes));
  return lines.join('\n');
}
