import type { AgentCall } from './agent-calls';
import type { SimulatedCall } from './cache-model';

/**
 * Why the cache model got a call of the agent wrong:
 * - `new-turn-miss`: the log shows a cache miss at a new human turn after a short pause, which the model did not
 *   predict (the log does not say why);
 * - `in-turn-miss`: the same within a turn (evicted early, or an early part of the prompt changed);
 * - `outlived-lifetime`: the log read the cache after a pause the model took to be past the lifetime;
 * - `kept-after-compaction`: right after the agent's compaction the log read more than the system prompt and tools;
 * - `context-size`: the readings agree but our size of the context is more than 10% off the logged one.
 */
export type MissCause = 'new-turn-miss' | 'in-turn-miss' | 'outlived-lifetime' | 'kept-after-compaction' | 'context-size';

const causeWords: Record<MissCause, string> = {
  'new-turn-miss': 'the log shows a cache miss at a new human turn the model did not predict (the pause was short; the log does not say why)',
  'in-turn-miss': 'missed the cache within a turn after a short pause (evicted early, or an early part of the prompt changed)',
  'outlived-lifetime': 'read the cache after a pause longer than the lifetime assumed',
  'kept-after-compaction': 'read more than the system prompt and tools from the cache right after the agent’s compaction',
  'context-size': 'our size of the context is more than 10% off the logged one',
};

/** The smallest difference in cache reads counted as a wrong reading, and the share of the context beyond it. */
const readTolerance = { tokens: 2_048, share: 0.1 };

/** Why the model's reading of one call differs from the log's, or undefined when it does not (or the call was billed as logged). */
export function classifyMiss(agentCall: AgentCall, simulated: SimulatedCall): { cause: MissCause; words: string } | undefined {
  if (simulated.event === 'as-logged') return undefined;
  const { logged } = agentCall;
  const context = logged.uncachedInput + logged.cacheRead + logged.cacheWrite + logged.cacheWriteHour;
  const tolerance = Math.max(readTolerance.tokens, readTolerance.share * context);
  const overRead = simulated.billed.cacheRead - logged.cacheRead;
  const cause = ((): MissCause | undefined => {
    if (overRead > tolerance) return agentCall.opensTurn ? 'new-turn-miss' : 'in-turn-miss';
    if (-overRead > tolerance) return simulated.event === 'expired' ? 'outlived-lifetime' : simulated.event === 'rewritten' ? 'kept-after-compaction' : 'context-size';
    return Math.abs(agentCall.call.promptTokens - context) > readTolerance.share * context ? 'context-size' : undefined;
  })();
  return cause ? { cause, words: causeWords[cause] } : undefined;
}
