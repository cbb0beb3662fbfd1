import { groupDigits } from '../group-digits';
import type { ContextBasis } from '../tokens/context-basis';
import type { AgentCall, AgentCalls } from './agent-calls';
import { simulateCache, type SimulatedCall } from './cache-model';
import { inferLifetime, type LifetimeReading } from './cache-lifetime';
import { classifyMiss, type MissCause } from './agent-misses';
import { inputSideOf } from './logged-tokens';
import { addCosts, costByKind, noCost, totalOf, type BilledTokens, type CostByKind, type PriceBook } from './prices';

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
  /** Simulated − logged input side of those calls, US dollars (negative: the model billed them low); null when a model has no price. */
  gapUsd: number | null;
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
  /** Calls of the simulation priced at a long-context tier (their simulated context past the model's threshold). */
  longContextCalls: number;
  /** The same calls by kind, output included: as logged, and as the cache model bills them; null when a model has no price. */
  loggedByKind: CostByKind | null;
  simulatedByKind: CostByKind | null;
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

/** How a policy's context was sized on the basis, in a sentence. */
export function sizingWords(basis: ContextBasis): string {
  if (basis.kind === 'calibrated') {
    return `Each call's context is our exact count of what it saw, calibrated to the provider's tokens (${groupDigits(basis.overheadTokens)} + ${basis.calibration.ratio.toFixed(3)} × our count).`;
  }
  return `Each call's context is our exact ${basis.encoding} count of what it saw plus ${groupDigits(basis.overheadTokens)} tokens for the system prompt and tools not in the file (no calibration to the provider's tokenizer).`;
}

/** How the agent's own calls were sized: as logged, so the check tests the cache rules alone. */
const agentSizingWords = 'Each of the agent’s calls is sized as its log states its context (uncached input + cache writes + cache reads), so the check tests the cache rules alone, not our token counts.';

/** Whether a call's prices at `tokens` are a long-context tier: dearer input than the same model's at a short prompt. */
export function isLongContextTier(book: PriceBook, model: string, tokens: number, at: string | undefined): boolean {
  const short = book.pricesFor(model, { promptTokens: 0, ...(at ? { at } : {}) });
  const found = book.pricesFor(model, { promptTokens: tokens, ...(at ? { at } : {}) });
  return short !== undefined && found !== undefined && found.prices.input > short.prices.input;
}

/**
 * Replays the agent's own calls (`agentCalls`) through the cache model and prices both sides with the book. The
 * lifetime is read from the log's own writes; the first call is billed as logged (what was cached before the file
 * began is unknown).
 */
export function checkAgentCost(agent: AgentCalls, prices: PriceBook): AgentCostCheck {
  const { calls, head } = agent;
  const lifetime = inferLifetime(calls.map((call) => call.logged));
  const simulated = simulateCache(calls.map((call) => call.call), lifetime.lifetime);
  return { ...priceAgentCheck(calls, simulated, lifetime, prices, head), headTokens: head.tokens };
}

/** When the call's message was logged (its response's first line), as an ISO time; the price on that day applies. */
function messageTime(agentCall: AgentCall): string | undefined {
  return agentCall.loggedAt;
}

function priceAgentCheck(calls: readonly AgentCall[], simulated: readonly SimulatedCall[], lifetime: LifetimeReading, book: PriceBook, head: AgentCalls['head']): Omit<AgentCostCheck, 'headTokens'> {
  const unknown = new Set<string>();
  const perCall: AgentCallCost[] = [];
  const causes = new Map<MissCause, MissCount>();
  let logged = 0;
  let model = 0;
  let output = 0;
  let longContext = 0;
  let loggedByKind = noCost;
  let simulatedByKind = noCost;
  calls.forEach((agentCall, index) => {
    const result = simulated[index];
    const miss = classifyMiss(agentCall, result);
    const count = miss ? (causes.get(miss.cause) ?? { cause: miss.cause, calls: 0, words: miss.words, gapUsd: 0 }) : undefined;
    if (miss && count) {
      count.calls += 1;
      causes.set(miss.cause, count);
    }
    // Each side at its own size (a long-context tier follows the size), at the time its message was logged.
    const at = messageTime(agentCall);
    const loggedFound = agentCall.model ? book.pricesFor(agentCall.model, { promptTokens: inputSideOf(agentCall.logged), ...(at ? { at } : {}) }) : undefined;
    const simulatedSize = inputSideOf(result.billed);
    const found = agentCall.model ? book.pricesFor(agentCall.model, { promptTokens: simulatedSize, ...(at ? { at } : {}) }) : undefined;
    if (!found || !loggedFound) {
      unknown.add(agentCall.model ?? 'an unnamed model');
      perCall.push({ messageIndex: agentCall.messageIndex, loggedUsd: null, simulatedUsd: null });
      if (count) count.gapUsd = null;
      return;
    }
    if (agentCall.model && isLongContextTier(book, agentCall.model, simulatedSize, at)) longContext += 1;
    const loggedInput = totalOf(costByKind(inputSide(agentCall.logged), loggedFound.prices));
    const simulatedInput = totalOf(costByKind(inputSide(result.billed), found.prices));
    const callOutput = costByKind({ ...agentCall.logged, uncachedInput: 0, cacheRead: 0, cacheWrite: 0, cacheWriteHour: 0 }, loggedFound.prices).output;
    loggedByKind = addCosts(loggedByKind, costByKind(agentCall.logged, loggedFound.prices));
    // The model's input side with the logged output: output is the same on both sides.
    simulatedByKind = addCosts(simulatedByKind, { ...costByKind(inputSide(result.billed), found.prices), output: callOutput });
    logged += loggedInput;
    model += simulatedInput;
    if (count && count.gapUsd !== null) count.gapUsd += simulatedInput - loggedInput;
    output += callOutput;
    perCall.push({ messageIndex: agentCall.messageIndex, loggedUsd: loggedInput + callOutput, simulatedUsd: simulatedInput + callOutput });
  });
  // Nothing logged is no bill at all: unknown, not $0.
  const isWhole = unknown.size === 0 && calls.length > 0;
  const ratio = logged > 0 ? model / logged : null;
  const assumptions = [
    agentSizingWords,
    `Cache: ${lifetime.words}, counted from the last logged line of the previous response to the logged time of the input the next call answers (its tool result or prompt; the response's first line when there is none) — the log's own readings fit this.`,
    'The first logged call is billed as logged: what was cached before the file began is unknown.',
    `After each of the agent’s own compactions only the system prompt and tools (${groupDigits(head.tokens)} tokens, ${head.isFromLog ? 'the smallest cache read the log shows' : 'the unstored overhead: the log shows no smaller cache read'}) are read from the cache; the rest is written again.`,
    'Subagent (sidechain) calls are their own cache chains and are left out of both sides.',
    'The agent’s own compaction (summarizer) calls are not in its log, so its bill here lacks them.',
  ];
  if (longContext > 0) assumptions.push(`${longContext} of the agent’s simulated calls were priced at a long-context tier, on their logged context size.`);
  if (ratio !== null && Math.abs(ratio - 1) > 0.1) {
    assumptions.push(`The cache model is ${Math.round(Math.abs(ratio - 1) * 100)}% ${ratio < 1 ? 'below' : 'above'} the agent’s logged input side on this session, past the 10% it should meet; a policy’s bill, made by the same model, carries the same error.`);
  }
  if (calls.some((call) => call.call.startMs === undefined)) assumptions.push('Calls without timestamps are taken to follow the previous one with no pause.');
  if (!isWhole) assumptions.push(`No price for ${[...unknown].join(', ')}: the totals are unknown; the ratio covers the calls that have one.`);
  return {
    calls: calls.length,
    loggedUsd: isWhole ? logged : null,
    simulatedUsd: isWhole ? model : null,
    ratio,
    outputUsd: isWhole ? output : null,
    longContextCalls: longContext,
    loggedByKind: isWhole ? loggedByKind : null,
    simulatedByKind: isWhole ? simulatedByKind : null,
    misses: [...causes.values()].sort((left, right) => right.calls - left.calls),
    lifetime,
    unknownModels: [...unknown],
    perCall,
    assumptions,
  };
}
