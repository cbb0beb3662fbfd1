import { usdText } from '../engine';
import type { EvalConfigSummary, EvalTotals } from './eval-summary';
import { numberFormat } from './number-format';

const number = numberFormat({ maximumFractionDigits: 4 });

/** A total two policies are judged on: which way is better, how near counts as the same, and how to say a value. */
interface Measure {
  key: keyof Pick<EvalTotals, 'compactions' | 'failedCompactions' | 'summarizerCalls' | 'tokensToSummarizers' | 'costUsd' | 'policyCostUsd' | 'factsLost' | 'needWeighted' | 'shareOverSharedTrigger'>;
  /** Words for "better on …": `fewer compactions`, `higher need-weighted retention`. */
  better: string;
  label: string;
  higherIsBetter: boolean;
  /** Differences no larger than this are the same (retention to a twentieth of a point, cost to a millionth of a dollar). */
  tolerance: number;
  show: (value: number) => string;
}

const shareText = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** What the verdict weighs, in the order it names them. */
const measures: readonly Measure[] = [
  { key: 'needWeighted', label: 'need-weighted retention (mean)', better: 'higher need-weighted retention', higherIsBetter: true, tolerance: 0.0005, show: shareText },
  { key: 'factsLost', label: 'facts lost', better: 'fewer facts lost', higherIsBetter: false, tolerance: 0, show: number.format },
  { key: 'compactions', label: 'compactions', better: 'fewer compactions', higherIsBetter: false, tolerance: 0, show: number.format },
  { key: 'failedCompactions', label: 'failed compactions', better: 'fewer failed compactions', higherIsBetter: false, tolerance: 0, show: number.format },
  { key: 'summarizerCalls', label: 'summarizer calls', better: 'fewer summarizer calls', higherIsBetter: false, tolerance: 0, show: number.format },
  { key: 'tokensToSummarizers', label: 'tokens to summarizers', better: 'fewer tokens to summarizers', higherIsBetter: false, tolerance: 0, show: number.format },
  { key: 'costUsd', label: 'cost', better: 'lower cost', higherIsBetter: false, tolerance: 1e-6, show: usdText },
  // The whole bill with caching: the agent's calls on the policy's context (the cache rewrites its compactions cause) + summarizers.
  { key: 'policyCostUsd', label: 'cost with caching', better: 'a lower cost with caching', higherIsBetter: false, tolerance: 0.005, show: usdText },
  // Both policies against one line, the lower trigger of the two: each against its own would judge a B that compacts as
  // A does, with another reserve, by the line it set itself, and A's alone would change with the order (issue 27).
  { key: 'shareOverSharedTrigger', label: 'share of steps over the shared trigger line (mean)', better: 'a smaller share of steps over the shared trigger line', higherIsBetter: false, tolerance: 0.0005, show: shareText },
];

/** Two policies side by side: each total's difference (B − A), which is better on what, and the verdict in words. */
export interface EvalComparison {
  a: string;
  b: string;
  /** B − A for each total; null where either side has no figure (an unpriced cost, retention never measured). */
  delta: Record<keyof EvalTotals, number | null>;
  /** The measures each policy is better on, and those where they do the same (by their labels). */
  better: { a: string[]; b: string[]; same: string[] };
  verdict: string;
}

const difference = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : b - a);

/** "fewer compactions (34 vs 46)": the measure and both values, the winner's first. */
function claim(measure: Measure, winner: number, loser: number): string {
  return `${measure.better} (${measure.show(winner)} vs ${measure.show(loser)})`;
}

/** A list in words: `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Compares policy B with policy A over the corpus: Δ = B − A for every total, and a one-line verdict. */
export function compareConfigs(a: EvalConfigSummary, b: EvalConfigSummary): EvalComparison {
  const change = (key: keyof EvalTotals): number | null => difference(a.totals[key], b.totals[key]);
  const delta: EvalComparison['delta'] = {
    sessions: change('sessions'),
    failedSessions: change('failedSessions'),
    compactions: change('compactions'),
    failedCompactions: change('failedCompactions'),
    summarizerCalls: change('summarizerCalls'),
    tokensToSummarizers: change('tokensToSummarizers'),
    costUsd: change('costUsd'),
    factsLost: change('factsLost'),
    peakTokens: change('peakTokens'),
    compactionsOverWindow: change('compactionsOverWindow'),
    needWeighted: change('needWeighted'),
    shareOverTrigger: change('shareOverTrigger'),
    shareOverSharedTrigger: change('shareOverSharedTrigger'),
    policyCostUsd: change('policyCostUsd'),
    agentCostUsd: change('agentCostUsd'),
  };
  const better: EvalComparison['better'] = { a: [], b: [], same: [] };
  const claims: { a: string[]; b: string[] } = { a: [], b: [] };
  for (const measure of measures) {
    const [valueA, valueB] = [a.totals[measure.key], b.totals[measure.key]];
    if (valueA === null || valueB === null) continue;
    if (Math.abs(valueB - valueA) <= measure.tolerance) {
      better.same.push(measure.label);
      continue;
    }
    const side = valueB > valueA === measure.higherIsBetter ? 'b' : 'a';
    better[side].push(measure.label);
    claims[side].push(side === 'b' ? claim(measure, valueB, valueA) : claim(measure, valueA, valueB));
  }
  const parts = [
    claims.b.length > 0 ? `B (${b.name}) is better on ${listed(claims.b)}` : '',
    claims.a.length > 0 ? `A (${a.name}) is better on ${listed(claims.a)}` : '',
    better.same.length > 0 ? `they do the same on ${listed(better.same)}` : '',
  ].filter(Boolean);
  const sessions = a.totals.sessions === b.totals.sessions ? '' : ` (over different sessions: A replayed ${a.totals.sessions}, B ${b.totals.sessions})`;
  const verdict = claims.a.length === 0 && claims.b.length === 0 ? `A (${a.name}) and B (${b.name}) do the same on every measure${sessions}` : `${parts.join('; ')}${sessions}`;
  return { a: a.name, b: b.name, delta, better, verdict };
}
