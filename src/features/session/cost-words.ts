import type { AgentCostSummary, ContextBasis, ReplayCost } from '../../engine';
import { formatInteger, formatUsd } from '../../ui/format';

/** How far the cache model may miss the agent's own bill before the page says where it misses (issue 28: 10 %). */
const checkTolerance = 0.1;

/** US dollars in the cost lines' words; "cost unknown" for null (never $0 for a cost nobody knows), with the models that lack a price. */
export function dollars(usd: number | null, unknownModels: readonly string[] = []): string {
  if (usd !== null) return formatUsd(usd);
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

/** The basis of the cost lines in one sentence: the prices' source and date (and the models at the user's own prices), the cache lifetime and the cached head. */
export function costBasisWords(cost: ReplayCost): string {
  const { agent } = cost;
  // "Assumed" means no logged write is marked as an hour's: a log with writes of the default lifetime (or unsplit ones) reads so too.
  const lifetime = `${agent.lifetime === '1h' ? 'one hour' : 'five minutes'} (${agent.lifetimeSource === 'logged' ? "read from the log's own cache writes" : "assumed: Anthropic's default, as no cache write in the log is marked as a 1-hour one"})`;
  const head = agent.headTokens > 0 ? `; the system prompt and tools (${formatInteger(agent.headTokens)} provider tokens) stay cached across a compaction and everything after them is written again` : '';
  const catalog = `${cost.pricesSource} as of ${cost.pricesAsOf}`;
  const prices = cost.userPricedModels.length === 0 ? `prices from ${catalog}` : `your prices for ${cost.userPricedModels.join(', ')}, and ${catalog} for anything else`;
  return `Cost (US dollars): ${prices}; cache lifetime ${lifetime}${head}.`;
}

/**
 * Why the system prompt and tools have more than one figure on the page, in one sentence: the token chart's overhead
 * (our fit, in our encoding's tokens), the cost's sizing (its own line of the assumptions) and the cached head kept
 * across a compaction (the provider's tokens).
 */
export function overheadFiguresWords(cost: ReplayCost, chartBasis: ContextBasis): string {
  const chart = `${formatInteger(chartBasis.overheadTokens)} in the token chart's legend is our fit of what the file does not hold, in ${chartBasis.encoding} tokens`;
  const head = cost.agent.headTokens > 0 ? `; and ${formatInteger(cost.agent.headTokens)} is what stays cached across a compaction, in the provider's tokens (the smallest cache read the log shows, or the overhead where it shows none)` : '';
  return `The system prompt and tools have more than one figure here, each on its own basis: ${chart}; the sizing line above states the cost's own (calibrated to the provider's tokens when the log allows)${head}.`;
}
