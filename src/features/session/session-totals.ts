import type { ReplayContext } from '../../engine';
import { formatInteger, formatPercent } from '../../ui/format';
import type { ReplayView } from '../../worker-client/replay-protocol';
import { formatSpan, replayCost } from './session-format';

/** One policy's replay as the totals read it: its report and whether it summarized offline. */
export interface ReplayedPolicy {
  view: ReplayView;
  isOffline: boolean;
  /** The replay on the page's basis (`replayContext`): the peak and the steps over the trigger and window. */
  context: ReplayContext;
}

/** One line of the totals: each policy's figure in words, and with two policies the Δ (B − A) and which is better. */
export interface TotalsLine {
  id: string;
  label: string;
  a: string;
  b?: string;
  delta?: string;
  /** Which policy does better on this line; `same` when equal, undefined when it cannot be said (an unknown cost). */
  better?: 'A' | 'B' | 'same';
}

/** A number with its sign: "+3", "−2", "0". */
function signed(value: number, format: (magnitude: number) => string): string {
  if (value === 0) return '0';
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}

/** Mean need-weighted retention of the compactions that have one (0..1), undefined when none has. */
function meanNeedWeighted(view: ReplayView): number | undefined {
  const scores = view.compactions.flatMap((compaction) => (compaction.retention?.needWeighted ? [compaction.retention.needWeighted.score] : []));
  return scores.length === 0 ? undefined : scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

/** How one total is read, worded and compared. */
interface Metric {
  id: string;
  label: string;
  value(policy: ReplayedPolicy): number | null | undefined;
  words(value: number, policy: ReplayedPolicy): string;
  deltaWords(delta: number): string;
  /** True when a higher value is better (retention); every other total is better lower. */
  higherIsBetter?: boolean;
  /** What a policy without the figure shows instead of "—", when there is a reason to give (a figure not counted). */
  absentWords?(policy: ReplayedPolicy): string | undefined;
  /** True for a line that says nothing when every policy's figure is 0 (failed compactions, compactions over the window). */
  isLeftOutAtZero?: boolean;
}

const integer = (value: number) => formatInteger(value);

const metrics: Metric[] = [
  {
    id: 'compactions',
    label: 'Compactions',
    value: ({ view }) => view.totals.compactions,
    words: (value, { view }) => (view.totals.failedCompactions > 0 ? `${integer(value)} (${integer(view.totals.failedCompactions)} failed)` : integer(value)),
    deltaWords: (delta) => signed(delta, integer),
  },
  { id: 'failed', label: 'Failed compactions', value: ({ view }) => view.totals.failedCompactions, words: integer, deltaWords: (delta) => signed(delta, integer), isLeftOutAtZero: true },
  { id: 'calls', label: 'Summarizer calls', value: ({ view }) => view.totals.summarizerCalls, words: integer, deltaWords: (delta) => signed(delta, integer) },
  { id: 'sent', label: 'Tokens sent to summarizers', value: ({ view }) => view.totals.tokensToSummarizers, words: integer, deltaWords: (delta) => signed(delta, integer) },
  {
    id: 'cost',
    label: 'Summarizer cost',
    value: ({ view }) => view.totals.costUsd,
    words: (value, policy) => replayCost(value, policy.isOffline),
    deltaWords: (delta) => signed(delta, (magnitude) => replayCost(magnitude, false)),
  },
  { id: 'peak', label: 'Peak context', value: ({ context }) => context.peak, words: integer, deltaWords: (delta) => signed(delta, integer) },
  {
    // Against the trigger line the chart draws, in context tokens; what the gate saw in its own units beside it.
    id: 'over-share',
    label: 'Steps over the trigger',
    value: ({ context }) => context.overTrigger?.share,
    words: (value, { view, context }) =>
      `${formatPercent(value)} (${integer(context.overTrigger?.steps ?? 0)} of ${integer(view.steps.length)}; ${integer(context.gateSaw.steps)} by the profile's own estimate)`,
    deltaWords: (delta) => signed(delta * 100, (magnitude) => `${magnitude.toFixed(1)} pts`),
    // A trigger compared with the older turns only (rolling-summary) is no line for whole contexts: not counted, said why.
    absentWords: ({ context }) =>
      context.overTriggerNotCounted === undefined ? undefined : `not counted: the trigger is compared with ${context.lines.triggerComparedWith ?? 'part of the context only'} (${integer(context.gateSaw.steps)} steps by the profile's own estimate)`,
  },
  {
    id: 'over-window',
    label: 'Compactions that left the context over the window',
    // 0 is a figure: beside a policy that has some, B's 0 compares (Δ, better); the line is left out only when neither has any.
    value: ({ context }) => context.compactions.filter((compaction) => compaction.overWindow !== undefined).length,
    words: (value) => (value === 0 ? '0' : `${integer(value)} (the next call would be refused)`),
    isLeftOutAtZero: true,
    deltaWords: (delta) => signed(delta, integer),
  },
  {
    id: 'over-time',
    label: 'Time over the trigger',
    value: ({ context }) => context.overTrigger?.timeMs,
    words: (value) => formatSpan(value),
    deltaWords: (delta) => signed(delta, formatSpan),
  },
  {
    id: 'retention',
    label: 'Mean needed facts kept',
    value: ({ view }) => meanNeedWeighted(view),
    words: (value) => formatPercent(value),
    deltaWords: (delta) => signed(delta * 100, (magnitude) => `${magnitude.toFixed(1)} pts`),
    higherIsBetter: true,
  },
];

/** A total that is unknown (an unpriced cost) or absent (no timestamps, no retention) reads as "—", or as why it is absent. */
function wordsOf(metric: Metric, value: number | null | undefined, policy: ReplayedPolicy): string {
  return value === undefined || value === null ? (metric.absentWords?.(policy) ?? '—') : metric.words(value, policy);
}

/**
 * The replay's totals as lines: compactions (failed ones said), summarizer calls, tokens sent to summarizers, cost,
 * peak context on the page's basis, steps and time over the trigger line (what the gate saw beside), compactions that
 * left the context over the window, mean need-weighted retention. With policy B each
 * line also carries B's figure, the Δ (B − A) and which policy does better on it. Lines neither policy has are left out.
 */
export function totalsLines(a: ReplayedPolicy, b: ReplayedPolicy | undefined): TotalsLine[] {
  const lines: TotalsLine[] = [];
  for (const metric of metrics) {
    const valueA = metric.value(a);
    const valueB = b ? metric.value(b) : undefined;
    if (metric.isLeftOutAtZero && (valueA ?? 0) === 0 && (valueB ?? 0) === 0) continue;
    const hasReason = metric.absentWords?.(a) !== undefined || (b !== undefined && metric.absentWords?.(b) !== undefined);
    if (valueA === undefined && valueB === undefined && !hasReason) continue;
    const line: TotalsLine = { id: metric.id, label: metric.label, a: wordsOf(metric, valueA, a) };
    if (b) {
      line.b = wordsOf(metric, valueB, b);
      if (typeof valueA === 'number' && typeof valueB === 'number') {
        const delta = valueB - valueA;
        line.delta = metric.deltaWords(delta);
        line.better = delta === 0 ? 'same' : (delta > 0) === (metric.higherIsBetter === true) ? 'B' : 'A';
      } else {
        line.delta = '—';
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Which policy is better on what, in words: "B is better on compactions (−2) and cost (−$0.0120); A on peak context
 * (+4,000). Same summarizer calls." Undefined without a line that differs or is equal.
 */
export function betterWords(lines: readonly TotalsLine[]): string | undefined {
  const named = (policy: 'A' | 'B') => lines.filter((line) => line.better === policy).map((line) => `${line.label.toLowerCase()} (${line.delta})`);
  const same = lines.filter((line) => line.better === 'same').map((line) => line.label.toLowerCase());
  const parts: string[] = [];
  const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
  const forB = named('B');
  const forA = named('A');
  if (forB.length === 0 && forA.length === 0 && same.length > 0) return 'A and B come out the same on every total.';
  if (forB.length > 0) parts.push(`B is better on ${list(forB)}.`);
  if (forA.length > 0) parts.push(`A is better on ${list(forA)}.`);
  if (same.length > 0) parts.push(`The same ${list(same)}.`);
  return parts.length === 0 ? undefined : parts.join(' ');
}
