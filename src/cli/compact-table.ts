import type { CompactOutput } from './compact-output';
import type { ContextOutput } from '../lab/run-context';
import { probeLines } from './probe-output';
import { formatRetention, retentionLines } from './retention-output';
import { startLine } from './run-start-option';
import { forcedSettingsLine } from './settings-check';
import { numberFormat } from './number-format';

const number = numberFormat();

// A true minus sign: a trigger forced below zero (--run-anyway) must not read as a dash.
const integer = (value: number): string => (value < 0 ? `−${number.format(-value)}` : number.format(value));

/** `1 summarizer call`, `3 summarizer calls`. */
function summarizerCalls(count: number): string {
  return `${count} summarizer call${count === 1 ? '' : 's'}`;
}

/**
 * Where the context after the run lies against the trigger, on the same basis; empty when the profile has none. A
 * trigger compared with part of the context only (rolling-summary's older turns) says so, or "over" would mislead.
 */
function triggerText(context: ContextOutput): string {
  if (context.trigger === null || context.fitsAfter === null) return '';
  const where = context.fitsAfter ? `fits under the ${integer(context.trigger)}-token trigger` : `over the ${integer(context.trigger)}-token trigger`;
  return context.triggerComparedWith === null ? `, ${where}` : `, the whole context ${where} (which the profile compares with ${context.triggerComparedWith})`;
}

/**
 * The outcome line, in the page's plain words. Context tokens (exact content + the system prompt and tools the file does
 * not store) lead, since they are what a model would be sent; the profile's own estimate follows, because that is what
 * the profile decided on.
 */
function outcomeLine(output: CompactOutput): string {
  const { context } = output;
  const { outcome } = output;
  const overhead = context.unstoredOverhead;
  const figures =
    `context ${number.format(context.before + overhead)} → ${number.format(context.after + overhead)} tokens ` +
    `(${context.encoding} exact + ${number.format(overhead)} for the system prompt and tools not in the file)${triggerText(context)}`;
  const gateSaw = `the profile's own estimate ${number.format(output.tokensBefore)} → ${number.format(output.tokensAfter)}`;
  return `${output.profile}: ${outcome}; ${figures}; ${gateSaw}; ${summarizerCalls(output.summarizerCalls)} (${output.summarizer})`;
}

/** The human-readable form of `compact`: one row per pass, then the outcome. */
export function formatCompactTable(output: CompactOutput): string {
  const overhead = output.context.unstoredOverhead;
  const contextOf = (exact: { before: number; after: number } | undefined): string =>
    exact ? `${number.format(exact.before + overhead)} → ${number.format(exact.after + overhead)}` : '—';
  const header = ['pass', `context before → after (${output.context.encoding} exact + system prompt and tools)`, 'its estimate', 'strategy', 'attempts', 'fallback', 'duration', 'retention'];
  const rows = output.passes.map((pass) => [
    String(pass.pass),
    contextOf(pass.exact),
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
  // The gate decides on its own estimate, which may differ from the context figures above.
  if (rows.length === 0) lines.push(output.success ? '(no pass ran: by its own estimate the context was under its trigger)' : '(no pass ran)');
  lines.push('', outcomeLine(output));
  lines.push(...startLine(output.start));
  lines.push(...forcedSettingsLine(output.forcedSettings));
  if (output.pinnedLines.total > 0) lines.push(`pinned lines: ${output.pinnedLines.survived} of ${output.pinnedLines.total} survived verbatim`);
  lines.push(...retentionLines(output.retention, output.flags));
  lines.push(...probeLines(output.probes));
  return lines.join('\n');
}
