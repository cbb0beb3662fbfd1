import type { ReplayCompaction } from '../replay/replay-model';
import type { SimulatedCall } from './cache-model';
import { isLongContextTier } from './agent-check';
import type { CallSite } from './policy-calls';
import { addCosts, costByKind, noCost, totalOf, type CostByKind, type PriceBook } from './prices';

/** What the policy's replay cost: the agent's calls on the policy's context, and the summarizer calls it made. */
export interface PolicyBill {
  /** Agent calls + summarizer calls, US dollars; null when either is unknown. */
  totalUsd: number | null;
  /** The agent's calls on the policy's context (every kind, output as logged); null when a model has no price. */
  agentCallsUsd: number | null;
  /** The compactions' summarizer calls (the offline summarizer is free); null when a call had no price. */
  summarizerUsd: number | null;
  /** The agent calls' cost by kind: `input` is the uncached input, `cacheWrite` both lifetimes. Null with `agentCallsUsd`. */
  byKind: CostByKind | null;
  /** Agent calls billed. */
  calls: number;
  /** Of them, those priced at a long-context tier. */
  longContextCalls: number;
  /** Models of the agent's calls with no price. */
  unknownModels: string[];
  /** Each agent call's cost in session order (null when its model has no price), and what the cache did. */
  perCall: { messageIndex: number; usd: number | null; event: SimulatedCall['event'] }[];
}

/**
 * Prices the policy's simulated agent calls with the book (each at its own time and prompt size) and adds the
 * compactions' summarizer calls, whose cost the replay already metered at the summarizers' own prices.
 */
export function billPolicy(sites: readonly CallSite[], simulated: readonly SimulatedCall[], compactions: readonly ReplayCompaction[], book: PriceBook): PolicyBill {
  const unknown = new Set<string>();
  let byKind = noCost;
  let longContextCalls = 0;
  const perCall = sites.map((site, index) => {
    const result = simulated[index];
    const input = result.billed.uncachedInput + result.billed.cacheRead + result.billed.cacheWrite + result.billed.cacheWriteHour;
    const at = site.startMs !== undefined ? new Date(site.startMs).toISOString() : undefined;
    const found = site.model ? book.pricesFor(site.model, { promptTokens: input, ...(at ? { at } : {}) }) : undefined;
    if (!found) {
      unknown.add(site.model ?? 'an unnamed model');
      return { messageIndex: site.messageIndex, usd: null, event: result.event };
    }
    if (site.model && isLongContextTier(book, site.model, input, at)) longContextCalls += 1;
    const cost = costByKind(result.billed, found.prices);
    byKind = addCosts(byKind, cost);
    return { messageIndex: site.messageIndex, usd: totalOf(cost), event: result.event };
  });
  let summarizerUsd: number | null = 0;
  for (const compaction of compactions) summarizerUsd = summarizerUsd === null || compaction.costUsd === null ? null : summarizerUsd + compaction.costUsd;
  const agentCallsUsd = unknown.size === 0 ? totalOf(byKind) : null;
  return {
    totalUsd: agentCallsUsd === null || summarizerUsd === null ? null : agentCallsUsd + summarizerUsd,
    agentCallsUsd,
    summarizerUsd,
    byKind: unknown.size === 0 ? byKind : null,
    calls: sites.length,
    longContextCalls,
    unknownModels: [...unknown],
    perCall,
  };
}
