import { loggedCostRows } from './stats-cost-rows';
import type { CalibrationOutput, IssueLocation, StatsOutput } from './stats-output';
import { numberFormat } from './number-format';

const number = numberFormat();

/** The row of the context as the agent last held it, on the same basis as the whole file's; none when it never compacted. */
function heldRow(held: StatsOutput['lastHeld'], overhead: number): [string, string][] {
  if (!held) return [];
  const from = `held from its compaction ${held.compaction}'s summary on (${number.format(held.messages)} messages)`;
  return [['  as the agent last held it', `${number.format(held.contextTokens)} = ${number.format(held.tokens)} ${from} + ${number.format(overhead)} unstored overhead`]];
}

/** `claude-opus-4-6: 1.354 provider tokens per o200k_base token (1.247–1.491) over 157 calls`, or `none — <why>`. */
function calibrationText(calibration: CalibrationOutput | null, note: string, encoding: string): string {
  if (!calibration) {
    const reason = note.replace(/^No calibration: /, '');
    return `none — ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
  }
  const { model, ratio, spread, calls } = calibration;
  return `${model}: ${ratio.toFixed(3)} provider tokens per ${encoding} token (${spread.low.toFixed(3)}–${spread.high.toFixed(3)}) over ${number.format(calls)} calls`;
}

/**
 * An issue's message after where it is — `line 12, column 3: …`, `history: …`, `line 4, messages[2]: …` — unless the
 * message already opens with its line (`Line 12, column 3: …` of a skipped line).
 */
function located(message: string, location: IssueLocation | undefined): string {
  const parts: string[] = [];
  if (location?.line !== undefined && !message.toLowerCase().startsWith(`line ${location.line}`)) {
    parts.push(`line ${location.line}${location.column !== undefined ? `, column ${location.column}` : ''}`);
  }
  if (location?.path !== undefined && location.path !== '') parts.push(location.path);
  return parts.length > 0 ? `${parts.join(', ')}: ${message}` : message;
}

/** The human-readable form of `stats`: aligned label/value lines, then warnings and errors. */
export function formatStatsTable(stats: StatsOutput): string {
  const rows: [string, string][] = [
    ['file', stats.file],
    ['format', `${stats.formatLabel}${stats.confidence === 'low' ? ' (low confidence)' : ''}`],
    ['run', `${stats.run} of ${stats.runs}${stats.runLabel ? ` (${stats.runLabel})` : ''}`],
    ['messages', number.format(stats.messages)],
    ['  system / user / assistant / tool', `${stats.byRole.system} / ${stats.byRole.user} / ${stats.byRole.assistant} / ${stats.byRole.tool}`],
    ['  injected', number.format(stats.injectedMessages)],
    ['tool calls', number.format(stats.toolCalls)],
    ['  answered', number.format(stats.toolResults)],
    ['  orphan results', number.format(stats.orphanToolResults)],
    ['  unanswered calls', number.format(stats.unansweredToolCalls)],
    ['compaction markers', number.format(stats.compactionMarkers)],
    [`tokens (${stats.tokens.encoding})`, number.format(stats.tokens.total)],
    [
      'context tokens',
      `${number.format(stats.contextTokens)} = ${number.format(stats.tokens.total)} held by the transcript + ${number.format(stats.unstoredOverhead)} unstored overhead (${stats.unstoredOverheadNote})`,
    ],
    ...heldRow(stats.lastHeld, stats.unstoredOverhead),
    ['calibration', calibrationText(stats.calibration, stats.calibrationNote, stats.tokens.encoding)],
  ];
  if (stats.loggedUsage?.lastContextTokens !== undefined) {
    rows.push(['logged last context', `${number.format(stats.loggedUsage.lastContextTokens)} (${stats.loggedUsage.description})`]);
  }
  rows.push(...loggedCostRows(stats.loggedCost, stats.loggedCostNote));
  if (stats.skippedLines > 0) rows.push(['skipped lines', number.format(stats.skippedLines)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
  stats.warnings.forEach((warning, index) => lines.push(`warning: ${located(warning, stats.warningLocations[index])}`));
  stats.errors.forEach((error, index) => lines.push(`error: ${located(error, stats.errorLocations[index])}`));
  return lines.join('\n');
}
