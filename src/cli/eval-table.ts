import type { EvalOutput } from './eval-output';
import type { Distribution, EvalConfigSummary, EvalTotals } from './eval-summary';
import { formatCost, percent, tableLines } from './replay-table';
import { usdDelta, usdOrUnknown as dollars } from './usd-words';
import { numberFormat } from './number-format';

const number = numberFormat({ maximumFractionDigits: 2 });

/** How one total reads in the table, and its difference. */
interface TotalRow {
  label: string;
  key: keyof EvalTotals;
  show: (value: number | null) => string;
  showDelta: (value: number) => string;
  /** Shown only beside a second config: with one, it is the line above. */
  isComparison?: boolean;
}

const signed = (text: string, value: number): string => (value > 0 ? `+${text}` : value < 0 ? `−${text.replace(/^-/, '')}` : text);
const count = (value: number | null): string => (value === null ? '—' : number.format(value));
const share = (value: number | null): string => (value === null ? '—' : percent(value));
const countDelta = (value: number): string => signed(number.format(value), value);
const pointsDelta = (value: number): string => signed(`${(value * 100).toFixed(1)} points`, value);

const totalRows: readonly TotalRow[] = [
  { label: 'sessions replayed', key: 'sessions', show: count, showDelta: countDelta },
  { label: 'sessions that did not replay', key: 'failedSessions', show: count, showDelta: countDelta },
  { label: 'compactions', key: 'compactions', show: count, showDelta: countDelta },
  { label: 'failed compactions', key: 'failedCompactions', show: count, showDelta: countDelta },
  { label: 'summarizer calls', key: 'summarizerCalls', show: count, showDelta: countDelta },
  { label: 'tokens to summarizers', key: 'tokensToSummarizers', show: count, showDelta: countDelta },
  { label: 'cost', key: 'costUsd', show: formatCost, showDelta: usdDelta },
  { label: 'facts lost', key: 'factsLost', show: count, showDelta: countDelta },
  { label: 'peak context (context tokens)', key: 'peakTokens', show: count, showDelta: countDelta },
  { label: 'compactions that left the context over the window', key: 'compactionsOverWindow', show: count, showDelta: countDelta },
  { label: 'need-weighted retention (mean where measured)', key: 'needWeighted', show: share, showDelta: pointsDelta },
  { label: 'share of steps over its own trigger (mean)', key: 'shareOverTrigger', show: share, showDelta: pointsDelta },
  { label: 'share of steps over the shared trigger line (mean)', key: 'shareOverSharedTrigger', show: share, showDelta: pointsDelta, isComparison: true },
  { label: 'cost with caching (agent calls + summarizers)', key: 'policyCostUsd', show: dollars, showDelta: usdDelta },
  { label: 'the agent’s own calls (main conversation), as logged', key: 'agentCostUsd', show: dollars, showDelta: usdDelta },
];

/** The per-session spreads, with how each value reads. */
const spreadRows: readonly { label: string; key: keyof EvalConfigSummary['distributions']; show: (value: number | null) => string }[] = [
  { label: 'compactions per session', key: 'compactions', show: count },
  { label: 'summarizer calls per session', key: 'summarizerCalls', show: count },
  { label: 'cost per session', key: 'costUsd', show: (value) => (value === null ? '—' : formatCost(value)) },
  { label: 'need-weighted retention', key: 'needWeighted', show: share },
  { label: 'facts lost per session', key: 'factsLost', show: count },
  { label: 'share of steps over the trigger', key: 'shareOverTrigger', show: share },
  { label: 'cost with caching per session', key: 'policyCostUsd', show: dollars },
  { label: 'cache model ÷ the agent’s logged bill', key: 'agentCostRatio', show: (value) => (value === null ? '—' : value.toFixed(3)) },
];

/** `1 / 3 / 5`: median, p90 and max, and how many sessions had the figure when not all did. */
function spreadCell(spread: Distribution, sessions: number, show: (value: number | null) => string): string {
  const cell = `${show(spread.median)} / ${show(spread.p90)} / ${show(spread.max)}`;
  return spread.count === sessions ? cell : `${cell} (${spread.count} of ${sessions})`;
}

/** The column heading for a policy: `A a.json (unified)`. */
const heading = (config: EvalConfigSummary, index: number): string => `${String.fromCharCode(65 + index)} ${config.name} (${config.profile})`;

/**
 * The human-readable form of `eval`: what was replayed and skipped, each policy's totals side by side (with Δ = B − A
 * for two), the spread per session (median / p90 / max), the verdict, then every skipped file and failed replay.
 */
export function formatEvalTable(output: EvalOutput, files: number): string {
  const { configs, comparison } = output;
  const skipped = output.skipped.length;
  const lines = [
    `eval: ${files} transcript file${files === 1 ? '' : 's'} under ${configs.length} config${configs.length === 1 ? '' : 's'}; ${skipped} skipped (could not be imported)${skipped > 0 ? ', listed below' : ''}`,
    'tokens are context tokens: exact counts of the context the replay kept (system prompt included) plus the session’s unstored overhead, as `replay` and the Session tab state them; ' +
      'steps over the trigger are counted against the trigger line on that basis (none for a trigger the profile compares with part of the context only, as rolling-summary’s older turns: `—`), ' +
      'with two configs both are judged against A’s trigger line, never each against its own; tokens to summarizers are exact counts',
    `cost with caching: the agent’s calls on each policy’s context (prompt caching as \`replay\` simulates it: the provider’s breakpoints and minimum lengths, each session’s cache lifetime read from its log, 5 minutes when it does not say, timed by the session’s own timestamps; each compaction rewrites the cache after the system prompt and tools) plus the summarizer calls, priced from ${output.prices.source} as of ${output.prices.asOf}; “cost” alone is the summarizer calls`,
    '',
  ];
  const two = comparison !== undefined;
  const header = ['total', ...configs.map(heading), ...(two ? ['Δ (B − A)'] : [])];
  const rows = totalRows.filter((row) => two || !row.isComparison).map((row) => {
    const delta = comparison?.delta[row.key];
    return [row.label, ...configs.map((config) => row.show(config.totals[row.key])), ...(two ? [delta === null || delta === undefined ? '—' : row.showDelta(delta)] : [])];
  });
  lines.push(...tableLines(header, rows), '');
  const spreadHeader = ['per session: median / p90 / max', ...configs.map(heading)];
  const spreads = spreadRows.map((row) => [row.label, ...configs.map((config) => spreadCell(config.distributions[row.key], config.totals.sessions, row.show))]);
  lines.push(...tableLines(spreadHeader, spreads));
  if (comparison) lines.push('', `verdict: ${comparison.verdict}`);
  if (skipped > 0) lines.push('', 'skipped (could not be imported):', ...output.skipped.map((entry) => `  ${entry.file}: ${entry.reason}`));
  const failed = output.transcripts.filter((row) => !row.ok);
  if (failed.length > 0) {
    lines.push('', 'replays that failed:');
    for (const row of failed) lines.push(`  ${row.file}${row.run === undefined ? '' : ` (run ${row.run})`} under ${row.config}: ${row.ok ? '' : row.error}`);
  }
  return lines.join('\n');
}
