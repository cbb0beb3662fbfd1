import type { EvalFigures, EvalRow } from './eval-protocol';

/** How a per-session figure is spread over the sessions that have it. Null figures when no session has one. */
export interface Distribution {
  /** Sessions with the figure (retention: those where it was measured; cost: those priced). */
  count: number;
  mean: number | null;
  median: number | null;
  p90: number | null;
  max: number | null;
}

/** One policy's totals over the corpus: sums over the sessions it replayed (failed replays counted apart). */
export interface EvalTotals {
  /** Sessions (runs) replayed, and those whose replay did not run. */
  sessions: number;
  failedSessions: number;
  compactions: number;
  failedCompactions: number;
  summarizerCalls: number;
  tokensToSummarizers: number;
  /** US dollars; null when any session had an unpriced call. */
  costUsd: number | null;
  factsLost: number;
  /** The largest context any session reached (context tokens: exact + unstored overhead). */
  peakTokens: number;
  /** Compactions that left the context over the window, summed over the sessions: the next call would have been refused. */
  compactionsOverWindow: number;
  /** Mean of the sessions' need-weighted retention where it was measured; null where it never was. */
  needWeighted: number | null;
  /** Mean share of steps over the trigger, over the sessions that count it (not a trigger compared with part of the context). */
  shareOverTrigger: number | null;
  /** Mean share of steps over the shared trigger line (the lower of the two policies' triggers), over the sessions that count it: what two policies are judged on. */
  shareOverSharedTrigger: number | null;
  /** What the sessions would have cost under the policy with prompt caching (agent calls + summarizers), US dollars; null when any session's is unknown. */
  policyCostUsd: number | null;
  /**
   * What the agent's own main-conversation calls cost by its logs, over the sessions that logged usage; null when none
   * did or when any of them has a call with no price (a partial sum would pass for the total).
   */
  agentCostUsd: number | null;
}

/** The per-session figures whose spread each policy reports. */
type Distributed = keyof Pick<EvalFigures, 'compactions' | 'summarizerCalls' | 'costUsd' | 'needWeighted' | 'factsLost' | 'shareOverTrigger' | 'policyCostUsd' | 'agentCostRatio'>;
/** The per-session figures a policy's totals take the mean of. */
type Averaged = Distributed | 'shareOverSharedTrigger';

/** One policy's summary: its config file, profile, totals and distributions. */
export interface EvalConfigSummary {
  name: string;
  profile: string;
  totals: EvalTotals;
  distributions: Record<Distributed, Distribution>;
}

/** The figures of a row whose replay ran. */
type RanRow = Extract<EvalRow, { ok: true }>;

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : sum(values) / values.length);

/** Median (the mean of the two middle values for an even count), 90th percentile (nearest rank) and the rest. */
export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { count: 0, mean: null, median: null, p90: null, max: null };
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { count: sorted.length, mean: mean(sorted), median, p90: sorted[Math.ceil(0.9 * sorted.length) - 1], max: sorted[sorted.length - 1] };
}

/** A policy's totals and distributions from its rows (a row per replayed session; failed ones are counted apart). */
export function summarizeConfig(name: string, profile: string, rows: readonly EvalRow[]): EvalConfigSummary {
  const mine = rows.filter((row) => row.config === name);
  const ran = mine.filter((row): row is RanRow => row.ok);
  const values = (key: Averaged): number[] => ran.flatMap((row) => (row[key] === null ? [] : [row[key]]));
  const costs = ran.map((row) => row.costUsd);
  const policyCosts = ran.map((row) => row.policyCostUsd);
  // Sessions that logged usage: each must be priced, or the total is unknown (as policyCostUsd is).
  const agentCosts = ran.filter((row) => row.agentCalls > 0).map((row) => row.agentCostUsd);
  return {
    name,
    profile,
    totals: {
      sessions: ran.length,
      failedSessions: mine.length - ran.length,
      compactions: sum(ran.map((row) => row.compactions)),
      failedCompactions: sum(ran.map((row) => row.failedCompactions)),
      summarizerCalls: sum(ran.map((row) => row.summarizerCalls)),
      tokensToSummarizers: sum(ran.map((row) => row.tokensToSummarizers)),
      costUsd: costs.some((cost) => cost === null) ? null : sum(costs.map((cost) => cost ?? 0)),
      factsLost: sum(ran.map((row) => row.factsLost)),
      peakTokens: Math.max(0, ...ran.map((row) => row.peakTokens)),
      compactionsOverWindow: sum(ran.map((row) => row.compactionsOverWindow)),
      needWeighted: mean(values('needWeighted')),
      shareOverTrigger: mean(values('shareOverTrigger')),
      shareOverSharedTrigger: mean(values('shareOverSharedTrigger')),
      policyCostUsd: policyCosts.length === 0 || policyCosts.some((cost) => cost === null) ? null : sum(policyCosts.map((cost) => cost ?? 0)),
      agentCostUsd: agentCosts.length === 0 || agentCosts.some((cost) => cost === null) ? null : sum(agentCosts.map((cost) => cost ?? 0)),
    },
    distributions: {
      compactions: distribution(values('compactions')),
      summarizerCalls: distribution(values('summarizerCalls')),
      costUsd: distribution(values('costUsd')),
      needWeighted: distribution(values('needWeighted')),
      factsLost: distribution(values('factsLost')),
      shareOverTrigger: distribution(values('shareOverTrigger')),
      policyCostUsd: distribution(values('policyCostUsd')),
      agentCostRatio: distribution(values('agentCostRatio')),
    },
  };
}
