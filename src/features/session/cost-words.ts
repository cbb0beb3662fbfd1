import type { AgentCostSummary, ReplayCost } from '../../engine';
import { formatCost, formatInteger } from '../../ui/format';

/** How far the cache model may miss the agent's own bill before the page says where it misses (issue 28: 10 %). */
const checkTolerance = 0.1;

/** US dollars in the cost lines' words; "cost unknown" for null (never $0 for a cost nobody knows), with the models that lack a price. */
export function dollars(usd: number | null, unknownModels: readonly string[] = []): string {
  if (usd !== null) return formatCost(usd);
  return unknownModels.length > 0 ? `cost unknown (no price for ${unknownModels.join(', ')})` : 'cost unknown';
}

/**
 * The cache model checked on the agent's own calls, in words: "The cache model bills the agent's own 120 calls at
 * $X (input side) vs $Y logged (ratio 0.97)." and, when it misses by more than 10 %, where it misses, by cause.
 */
export function agentCheckWords(agent: AgentCostSummary): string {
  if (agent.calls === 0) return "The source logged no usage for the agent's calls: its bill cannot be read from the log, so the cache model cannot be checked against it.";
  const calls = agent.calls === 1 ? 'one call' : `${formatInteger(agent.calls)} calls`;
  const ratio = agent.ratio === null ? 'no ratio: no call has a price' : `ratio ${agent.ratio.toFixed(2)}`;
  const check = `The cache model bills the agent's own ${calls} at ${dollars(agent.simulatedUsd, agent.unknownModels)} (input side: uncached input, cache writes and reads) vs ${dollars(agent.loggedUsd, agent.unknownModels)} logged (${ratio}).`;
  if (agent.ratio === null || Math.abs(agent.ratio - 1) <= checkTolerance) return `${check}${agent.ratio === null ? '' : ' Within 10 %.'}`;
  const where = agent.misses.map((miss) => `${miss.calls === 1 ? 'one call' : `${formatInteger(miss.calls)} calls`} ${miss.words}`);
  const missWords = where.length === 0 ? 'no single call is off by more than the tolerance: the difference is spread over many small ones.' : `${where.join('; ')}.`;
  return `${check} It misses by more than 10 %: ${missWords}`;
}

/** The basis of the cost lines in one sentence: the prices' source and date, the cache lifetime and the cached head. */
export function costBasisWords(cost: ReplayCost): string {
  const { agent } = cost;
  const lifetime = `${agent.lifetime === '1h' ? 'one hour' : 'five minutes'} (${agent.lifetimeSource === 'logged' ? "read from the log's own cache writes" : "assumed: Anthropic's default; the log shows no write"})`;
  const head = agent.headTokens > 0 ? `; the system prompt and tools (${formatInteger(agent.headTokens)} tokens) stay cached across a compaction and everything after them is written again` : '';
  return `Cost (right axis, US dollars): prices from ${cost.pricesSource} as of ${cost.pricesAsOf}; cache lifetime ${lifetime}${head}.`;
}
