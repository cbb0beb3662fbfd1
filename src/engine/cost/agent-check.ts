import type { ContextBasis } from '../tokens/context-basis';
import type { AgentCall, AgentCalls } from './agent-calls';
import { simulateCache, type SimulatedCall } from './cache-model';
import { inferLifetime, type LifetimeReading } from './cache-lifetime';
import { classifyMiss, type MissCause } from './agent-misses';
import { costByKind, totalOf, type BilledTokens, type PriceBook } from './prices';

/** One agent call's cost, logged and simulated (every kind, output included), for a cumulative line. */
interface AgentCallCost {
  messageIndex: number;
  /** US dollars; null when the model has no price. */
  loggedUsd: number | null;
  simulatedUsd: number | null;
}

/** Calls the model got wrong for one cause. */
export interface MissCount {
  cause: MissCause;
  calls: number;
  /** The cause in words. */
  words: string;
}

/**
 * The cache model checked on the agent itself (issue 28): the agent's own calls, on its own context with its own
 * compactions, simulated and set beside what the provider logged for the same calls. Input side = uncached input +
 * cache writes + cache reads; output is the same on both sides and kept apart.
 */
export interface AgentCostCheck {
  /** Main-conversation calls that logged their context (sidechains are their own cache chains, left out of both sides). */
  calls: number;
  /** Logged input-side cost of those calls, US dollars; null when a model has no price. */
  loggedUsd: number | null;
  /** Simulated input-side cost of the same calls; null when a model has no price. */
  simulatedUsd: number | null;
  /** simulated ÷ logged input side, over the calls that have a price; null when none has or nothing was logged. */
  ratio: number | null;
  /** Output of the same calls (as logged, on both sides). */
  outputUsd: number | null;
  /** Calls whose cache reading the model got wrong, by cause (most first). */
  misses: MissCount[];
  lifetime: LifetimeReading;
  /** The system prompt and tools cached at the head of every prompt, in the provider's tokens (kept across a compaction). */
  headTokens: number;
  /** Models with no price. */
  unknownModels: string[];
  /** Each call's cost, in session order. */
  perCall: AgentCallCost[];
  /** What the figures assume, in sentences. */
  assumptions: string[];
}

/** The cost of the input side of a call: every kind but the output. */
const inputSide = (tokens: BilledTokens): BilledTokens => ({ ...tokens, output: 0 });

/** How a call's context was sized on the basis, in a sentence. */
export function sizingWords(basis: ContextBasis): string {
  if (basis.kind === 'calibrated') {
    return `Each call's context is our exact count of what it saw, calibrated to the provider's tokens (${basis.overheadTokens.toLocaleString('en-US')} + ${basis.calibration.ratio.toFixed(3)} × our count).`;
  }
  return `Each call's context is our exact ${basis.encoding} count of what it saw plus ${basis.overheadTokens.toLocaleString('en-US')} tokens for the system prompt and tools not in the file (no calibration to the provider's tokenizer).`;
}

/**
 * Replays the agent's own calls (`agentCalls`) through the cache model and prices both sides with the book. The
 * lifetime is read from the log's own writes; the first call is billed as logged (what was cached before the file
 * began is unknown).
 */
export function checkAgentCost(agent: AgentCalls, basis: ContextBasis, prices: PriceBook): AgentCostCheck {
  const { calls, head } = agent;
  const lifetime = inferLifetime(calls.map((call) => call.logged));
  const simulated = simulateCache(calls.map((call) => call.call), lifetime.lifetime);
  return { ...priceAgentCheck(calls, simulated, lifetime, basis, prices, head), headTokens: head.tokens };
}

function priceAgentCheck(calls: readonly AgentCall[], simulated: readonly SimulatedCall[], lifetime: LifetimeReading, basis: ContextBasis, book: PriceBook, head: AgentCalls['head']): Omit<AgentCostCheck, 'headTokens'> {
  const unknown = new Set<string>();
  const perCall: AgentCallCost[] = [];
  const causes = new Map<MissCause, MissCount>();
  let logged = 0;
  let model = 0;
  let output = 0;
  calls.forEach((agentCall, index) => {
    const result = simulated[index];
    const miss = classifyMiss(agentCall, result);
    if (miss) {
      const count = causes.get(miss.cause) ?? { cause: miss.cause, calls: 0, words: miss.words };
      count.calls += 1;
      causes.set(miss.cause, count);
    }
    const at = agentCall.call.startMs !== undefined ? new Date(agentCall.call.startMs).toISOString() : undefined;
    const found = agentCall.model ? book.pricesFor(agentCall.model, { promptTokens: agentCall.call.promptTokens, ...(at ? { at } : {}) }) : undefined;
    if (!found) {
      unknown.add(agentCall.model ?? 'an unnamed model');
      perCall.push({ messageIndex: agentCall.messageIndex, loggedUsd: null, simulatedUsd: null });
      return;
    }
    const loggedInput = totalOf(costByKind(inputSide(agentCall.logged), found.prices));
    const simulatedInput = totalOf(costByKind(inputSide(result.billed), found.prices));
    const callOutput = costByKind({ ...agentCall.logged, uncachedInput: 0, cacheRead: 0, cacheWrite: 0, cacheWriteHour: 0 }, found.prices).output;
    logged += loggedInput;
    model += simulatedInput;
    output += callOutput;
    perCall.push({ messageIndex: agentCall.messageIndex, loggedUsd: loggedInput + callOutput, simulatedUsd: simulatedInput + callOutput });
  });
  // Nothing logged is no bill at all: unknown, not $0.
  const isWhole = unknown.size === 0 && calls.length > 0;
  const assumptions = [
    sizingWords(basis),
    `Cache: ${lifetime.words}, measured from the end of the previous response to the start of the next.`,
    'The first logged call is billed as logged: what was cached before the file began is unknown.',
    `After each of the agent’s own compactions only the system prompt and tools (${head.tokens.toLocaleString('en-US')} tokens, ${head.isFromLog ? 'the smallest cache read the log shows' : 'the unstored overhead: the log shows no smaller cache read'}) are read from the cache; the rest is written again.`,
    'Subagent (sidechain) calls are their own cache chains and are left out of both sides.',
  ];
  if (calls.some((call) => call.call.startMs === undefined)) assumptions.push('Calls without timestamps are taken to follow the previous one with no pause.');
  if (!isWhole) assumptions.push(`No price for ${[...unknown].join(', ')}: the totals are unknown; the ratio covers the calls that have one.`);
  return {
    calls: calls.length,
    loggedUsd: isWhole ? logged : null,
    simulatedUsd: isWhole ? model : null,
    ratio: logged > 0 ? model / logged : null,
    outputUsd: isWhole ? output : null,
    misses: [...causes.values()].sort((left, right) => right.calls - left.calls),
    lifetime,
    unknownModels: [...unknown],
    perCall,
    assumptions,
  };
}
