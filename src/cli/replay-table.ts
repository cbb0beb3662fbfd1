import { usdText } from '../engine';
import { replayCostLines } from './replay-cost-output';
import type { ReplayOutput } from './replay-output';
import { numberFormat } from './number-format';

const number = numberFormat();

/** Summarizer dollars as the engine says them (an offline replay costs $0.00, a real cost never reads so), or "unpriced" when a call had no known price. */
export function formatCost(costUsd: number | null): string {
  return costUsd === null ? 'unpriced' : usdText(costUsd);
}

/** `3 h 5 min`, `12 min`, `40 s`: a span of session time. */
function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `12.5%`. */
export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** Rows of cells padded into columns, with a rule under the header. */
export function tableLines(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)];
}

/** A compaction's retention cell: facts lost of the compacted part's facts, and need-weighted retention where measured. */
function retentionCells(retention: ReplayOutput['compactions'][number]['retention']): [string, string] {
  if (!retention) return ['—', '—'];
  const lost = `${number.format(retention.factsLost)} of ${number.format(retention.factsTotal)}`;
  const needed = retention.needWeighted;
  return [lost, needed ? `${percent(needed.score)} (${needed.kept} of ${needed.needed})` : '— (not used again)'];
}

/** What the report is about: the profile, its host's checkpoint, window and trigger. */
export interface ReplayHeading {
  file: string;
  checkpointLabel: string;
  messages: number;
  summarizer: string;
  cancelled: boolean;
}

/**
 * The human-readable form of `replay`: what was replayed and how the gate was read, one row per compaction the policy
 * made (where, context tokens before → after, passes, calls, tokens sent, cost, facts lost, need-weighted retention),
 * the totals, a line per compaction the agent itself made, and what the agent and the policy cost with caching.
 */
export function formatReplayTable(output: ReplayOutput, heading: ReplayHeading): string {
  const window = output.window === null ? 'no window' : `window ${number.format(output.window)}`;
  const compared = output.triggerComparedWith;
  const trigger =
    output.trigger === null
      ? compared === undefined ? 'no context trigger' : `trigger compared with ${compared}`
      : `trigger ${number.format(output.trigger)} (gate units${compared === undefined ? '' : `, compared with ${compared}`})`;
  const lines = [
    `replay of ${heading.file} under ${output.profile} (summarizer: ${heading.summarizer}): ${number.format(heading.messages)} messages, ${number.format(output.steps)} steps; gate checked ${heading.checkpointLabel}; ${window}, ${trigger}`,
    `estimation: ${output.estimation}`,
    '',
  ];
  const header = ['#', 'after message', `context before → after (${output.encoding} exact + ${number.format(output.unstoredOverhead)} overhead)`, 'passes', 'calls', 'tokens to summarizers', 'cost', 'facts lost', 'need-weighted', 'outcome'];
  const rows = output.compactions.map((compaction, index) => [
    String(index + 1),
    number.format(compaction.atMessage + 1),
    `${number.format(compaction.tokensBefore)} → ${number.format(compaction.tokensAfter)}`,
    String(compaction.passes),
    String(compaction.summarizerCalls),
    number.format(compaction.tokensToSummarizers),
    formatCost(compaction.costUsd),
    ...retentionCells(compaction.retention),
    compaction.outcome ?? (compaction.success ? 'ok' : 'failed'),
  ]);
  if (rows.length > 0) lines.push(...tableLines(header, rows));
  else lines.push('(no compaction: the gate never fired over the session)');
  const { totals } = output;
  const failed = totals.failedCompactions > 0 ? ` (${totals.failedCompactions} failed)` : '';
  const time = totals.timeOverTriggerMs === undefined ? '' : `, for ${formatDuration(totals.timeOverTriggerMs)} of session time`;
  // Counted against the trigger line in context tokens, as the peak is; the gate's own count is what it decided on.
  const overTrigger =
    output.triggerTokens === null
      ? 'no trigger line to count steps against'
      : totals.stepsOverTrigger === null || totals.shareOverTrigger === null
        ? `steps over the trigger not counted: the trigger is compared with ${output.triggerComparedWith ?? 'part of the context only'}`
        : `over the ${number.format(output.triggerTokens)}-token trigger at ${number.format(totals.stepsOverTrigger)} of ${number.format(output.steps)} steps (${percent(totals.shareOverTrigger)})${time}`;
  const gateSaw = `gate saw ${number.format(totals.gateSaw.stepsOverTrigger)} steps over its trigger (${percent(totals.gateSaw.shareOverTrigger)}, its own units)`;
  const overWindow =
    (totals.stepsOverWindow > 0 ? `; over the window at ${number.format(totals.stepsOverWindow)} steps` : '') +
    (totals.compactionsOverWindow > 0 ? `; ${totals.compactionsOverWindow} compaction${totals.compactionsOverWindow === 1 ? '' : 's'} left the context over the window: the next call would be refused` : '');
  lines.push(
    '',
    `totals: ${totals.compactions} compaction${totals.compactions === 1 ? '' : 's'}${failed}, ${totals.summarizerCalls} summarizer call${totals.summarizerCalls === 1 ? '' : 's'}, ` +
      `${number.format(totals.tokensToSummarizers)} tokens to summarizers, summarizer cost ${formatCost(totals.costUsd)}, peak ${number.format(totals.peakTokens)} context tokens; ` +
      `${overTrigger} — ${gateSaw}${overWindow}`,
  );
  if (heading.cancelled) lines.push('cancelled: the report covers the steps replayed until then');
  for (const source of output.sourceCompactions) {
    const logged = source.loggedTokensBefore === null ? 'no logged context size' : `logged context before: ${number.format(source.loggedTokensBefore)} tokens (the provider's count)`;
    lines.push(`the agent's own compaction (${source.kind}) before message ${number.format(source.atMessage + 1)}: ${logged}`);
  }
  lines.push(`basis: ${output.basis}`);
  if (output.cost) lines.push('', ...replayCostLines(output.cost, output.profile));
  return lines.join('\n');
}
