import type { AgentCostSummary, PolicyCostSummary, ReplayCost } from '../engine';
import { usdOrUnknown as dollars } from './usd-words';

/**
 * `replay --json`'s `cost` (issue 28): what the agent's own calls cost by its log and by the cache model (`ratio`:
 * model ÷ log, input side), what the policy would have cost (its agent calls with the cache rewrites its compactions
 * cause, plus its summarizer calls), the prices' date and source, and every assumption in words. US dollars; null
 * where a price is unknown, never 0. Add fields, never rename.
 */
export interface ReplayCostOutput {
  agent: AgentCostSummary;
  policy: PolicyCostSummary;
  pricesAsOf: string;
  pricesSource: string;
  assumptions: string[];
}

/** The engine's replay cost as printed: everything but the per-call series (the page draws it; a script can sum the fields). */
export function replayCostOutput(cost: ReplayCost): ReplayCostOutput {
  return { agent: cost.agent, policy: cost.policy, pricesAsOf: cost.pricesAsOf, pricesSource: cost.pricesSource, assumptions: cost.assumptions };
}

/** The cost as text lines under the replay's table: each figure with its prices' date and source, then the assumptions. */
export function replayCostLines(cost: ReplayCostOutput, profile: string): string[] {
  const { agent, policy } = cost;
  const prices = `${cost.pricesSource}, as of ${cost.pricesAsOf}`;
  const lines = [`cost (prices: ${prices}; caching as assumed below):`];
  if (agent.calls > 0) {
    const ratio = agent.ratio === null ? 'no ratio' : `model ÷ log ${agent.ratio.toFixed(3)}`;
    lines.push(`  the agent's own ${agent.calls} calls (main conversation), input side: logged ${dollars(agent.loggedUsd)}, cache model ${dollars(agent.simulatedUsd)} (${ratio}); output ${dollars(agent.outputUsd)}`);
    for (const miss of agent.misses) lines.push(`    ${miss.calls} call${miss.calls === 1 ? '' : 's'} the model got wrong: ${miss.words}`);
  } else {
    lines.push('  the agent logged no usage: there is no bill to check the cache model against');
  }
  const parts = `cache writes ${dollars(policy.cacheWriteUsd)}, cache reads ${dollars(policy.cacheReadUsd)}, uncached input ${dollars(policy.inputUsd)}, output ${dollars(policy.outputUsd)}`;
  lines.push(`  under ${profile}: ${dollars(policy.totalUsd)} = the agent's ${policy.calls} calls on the policy's context ${dollars(policy.agentCallsUsd)} (${parts}) + summarizers ${dollars(policy.summarizerUsd)}`);
  const unknown = [...new Set([...agent.unknownModels, ...policy.unknownModels])];
  if (unknown.length > 0) lines.push(`  no price for ${unknown.join(', ')}: cost unknown`);
  for (const assumption of cost.assumptions) lines.push(`  - ${assumption}`);
  return lines;
}
