import type { ReplayReport } from '../replay/replay-model';
import type { ContextBasis } from '../tokens/context-basis';
import type { Transcript } from '../transcript/model';
import { checkAgentCost, sizingWords, type MissCount } from './agent-check';
import { agentCalls } from './agent-calls';
import { inferLifetime } from './cache-lifetime';
import { cacheRulesFor, type CacheLifetime } from './cache-rules';
import { simulateCache } from './cache-model';
import { billPolicy } from './policy-bill';
import { callSites, policyCalls } from './policy-calls';
import { redactionOf } from '../versus/context-parts';
import type { CostByKind, PriceBook } from './prices';

/** The cache model checked on the agent's own calls (`checkAgentCost`), as a report states it. */
export interface AgentCostSummary {
  /** Logged INPUT-SIDE cost (uncached input + cache writes + cache reads, no output) of the agent's main-conversation calls; null when unknown. Compare with `simulatedUsd` and the policy's `inputSideUsd`. */
  loggedUsd: number | null;
  /** Logged cost of the same calls, EVERY kind (input side + output): compare with the policy's `agentCallsUsd`. Null when unknown. */
  loggedTotalUsd: number | null;
  /** The same calls' input side as the cache model bills them on our count of their context; null when unknown. */
  simulatedUsd: number | null;
  /** simulatedUsd ÷ loggedUsd (over the priced calls): how far the model is from the agent's own bill; null without logged usage. */
  ratio: number | null;
  /** The same calls' output, as logged: the policy bills the same output tokens, but a call that crosses a long-context tier on one side prices them differently. */
  outputUsd: number | null;
  /** The same calls by kind (uncached input, cache writes, cache reads, output): as logged, and as the cache model bills them; null when unknown. */
  loggedByKind: CostByKind | null;
  simulatedByKind: CostByKind | null;
  calls: number;
  /** Calls whose cache reading the model got wrong, by cause. */
  misses: MissCount[];
  lifetime: CacheLifetime;
  /** `logged`: read from the log's own writes; `assumed`: Anthropic's default. */
  lifetimeSource: 'logged' | 'assumed';
  /** The system prompt and tools cached at the head of every prompt, in the provider's tokens. */
  headTokens: number;
  unknownModels: string[];
}

/** The policy's bill, as a report states it (US dollars; null when a price is unknown, never 0). */
export interface PolicyCostSummary {
  /** agentCallsUsd + summarizerUsd: every kind, OUTPUT INCLUDED (compare with the agent's `loggedTotalUsd`, not `loggedUsd`). Null when a price is unknown or the transcript is redacted. */
  totalUsd: number | null;
  /** The agent calls' INPUT SIDE on the policy's context (uncached input + cache writes + cache reads, no output, no summarizer): compare with the agent's `loggedUsd` and `simulatedUsd`. */
  inputSideUsd: number | null;
  /** The agent's calls on the policy's context, every kind (output as the agent logged it). */
  agentCallsUsd: number | null;
  /** The compactions' summarizer calls at their own prices (offline summarizer free). */
  summarizerUsd: number | null;
  /** Of the agent calls: cache writes (both lifetimes), cache reads, uncached input and output. */
  cacheWriteUsd: number | null;
  cacheReadUsd: number | null;
  inputUsd: number | null;
  outputUsd: number | null;
  calls: number;
  /** Of `calls`, those priced at a long-context tier (their size anchored to the log past the model's threshold). */
  longContextCalls: number;
  unknownModels: string[];
}

/**
 * One point of the cumulative cost lines, after one agent call or one compaction (in session order): what the agent
 * had paid so far by its log and by the cache model, and what the policy would have. Null once an unknown price is met.
 */
export interface CostPoint {
  /** The message the call wrote, or the step's message the compaction followed (a replay step's `atMessage`). */
  atMessage: number;
  /** The agent's calls so far as logged (every kind). */
  agentUsd: number | null;
  /** The agent's calls so far as the cache model bills them on the agent's own context. */
  agentSimulatedUsd: number | null;
  /** The policy so far: its agent calls and its summarizer calls. */
  policyUsd: number | null;
  /** The ordinal of the policy's compaction at this point (its summarizer cost is in `policyUsd`). */
  compaction?: number;
}

/** What a replay cost, for the agent and for the policy, and what every figure rests on (issue 28). */
export interface ReplayCost {
  agent: AgentCostSummary;
  policy: PolicyCostSummary;
  /** The prices' date (`YYYY-MM-DD`) and source. */
  pricesAsOf: string;
  pricesSource: string;
  /** The session's models priced at the user's own prices (the PriceBook's override), not the catalog's. */
  userPricedModels: string[];
  /** What the figures assume, in sentences: sizes, cache lifetime and breakpoints, prices, what the log lacked. */
  assumptions: string[];
  /** The cumulative cost lines, one point per agent call and per compaction. */
  series: CostPoint[];
}

/** What a replay's cost is computed from. */
export interface ReplayCostInput {
  report: Pick<ReplayReport, 'steps' | 'compactions'>;
  transcript: Transcript;
  /** Our exact counts (the replay's encoding): each message, and the stored system prompt. */
  counts: { perMessage: readonly number[]; system: number };
  /** How a context in our count becomes the provider's tokens (calibrated when the log allows). */
  basis: ContextBasis;
  prices: PriceBook;
}

/** Where the prices came from in words: the catalog and its date, and the models the user's own prices cover. */
function pricesWords(prices: PriceBook, userPricedModels: readonly string[]): string {
  const catalog = `${prices.source}, as of ${prices.asOf}`;
  return userPricedModels.length === 0 ? catalog : `your prices for ${userPricedModels.join(', ')}; the catalog (${catalog}) for anything else`;
}

const add = (sum: number | null, value: number | null): number | null => (sum === null || value === null ? null : sum + value);

/**
 * The cost of a replay: the agent's own calls checked against its log (`checkAgentCost`), the same calls made on the
 * policy's context through the same cache model (each policy compaction rewrites the prompt after the cached head),
 * the summarizer calls the replay metered, and the cumulative lines for a chart. Never throws.
 */
export function replayCost(input: ReplayCostInput): ReplayCost {
  const { report, transcript, counts, basis, prices } = input;
  const agent = agentCalls(transcript, counts.perMessage, counts.system, basis);
  const check = checkAgentCost(agent, prices);
  const lifetime = inferLifetime(agent.calls.map((call) => call.logged));
  const sites = callSites(transcript, agent.calls, counts.perMessage);
  const simulated = simulateCache(policyCalls(sites.sites, report.steps, basis, agent.head.tokens), lifetime.lifetime);
  const bill = billPolicy(sites.sites, simulated, report.compactions, prices);
  const isAnthropic = sites.sites.some((site) => cacheRulesFor(site.model, lifetime.lifetime).provider === 'anthropic');
  // Without logged usage there are no logged writes to read the lifetime from, and it only matters to Anthropic's cache.
  const assumptions = sites.basis === 'logged' ? [...check.assumptions] : [sizingWords(basis), ...(isAnthropic ? ['Cache: a 5-minute lifetime (Anthropic’s default; no usage was logged to read it from).'] : [])];
  if (sites.basis === 'every-reply' && sites.sites.some((site) => site.startMs === undefined)) assumptions.push('Calls without timestamps are taken to follow the previous one with no pause.');
  const models = [...new Set(sites.sites.map((site) => site.model))];
  for (const model of models) assumptions.push(`${model ?? 'Unnamed model'}: ${cacheRulesFor(model, lifetime.lifetime).words}.`);
  if (sites.basis === 'every-reply') {
    assumptions.push('The source logged no usage: every assistant message of the main conversation is taken as one call, its output as our count of it, and nothing can be checked against a bill.');
  } else {
    assumptions.push('The policy’s bill: the agent’s same calls, each on the policy’s context just before its message joined (output as logged); after each policy compaction only the system prompt and tools are read from the cache and the rest is written again.');
    assumptions.push(`The policy’s context is sized on our count and anchored to the log: ${sizingWords(basis).replace(/^Each call's context is /, '')} Then scaled by the same call's logged ÷ calibrated size of the agent's own context, so until the contexts differ the policy pays what the agent's simulation does.`);
  }
  if (bill.longContextCalls > 0) assumptions.push(`${bill.longContextCalls} of the policy’s ${bill.calls} calls were priced at a long-context tier, on their ${sites.basis === 'logged' ? 'size anchored to the log' : 'size on our count'}.`);
  const redaction = redactionOf(transcript.messages.filter((message) => !message.isSidechain), []);
  if (redaction) {
    assumptions.push(`The source redacted the text (${redaction.compactedPart.redacted} of the ${redaction.compactedPart.of} messages with text hold only placeholders): the policy ran on placeholders, not the session, so its bill is left unknown; the agent’s logged bill stands.`);
  }
  assumptions.push('Summarizer calls are priced at their own models’ prices by the usage they reported; the offline summarizer costs nothing.');
  const userPricedModels = models.flatMap((model) => (model !== undefined && prices.pricesFor(model)?.origin === 'override' ? [model] : []));
  assumptions.push(`Prices: ${pricesWords(prices, userPricedModels)}.`);
  if (bill.unknownModels.length > 0 && sites.basis === 'every-reply') assumptions.push(`No price for ${bill.unknownModels.join(', ')}: the policy's agent calls cost unknown.`);

  const series: CostPoint[] = [];
  let agentUsd: number | null = sites.basis === 'logged' ? 0 : null;
  let agentSimulatedUsd: number | null = agentUsd;
  let policyUsd: number | null = redaction ? null : 0;
  let compactionIndex = 0;
  const compactions = [...report.compactions].sort((left, right) => left.atMessage - right.atMessage);
  const flushCompactionsBefore = (messageIndex: number): void => {
    while (compactionIndex < compactions.length && compactions[compactionIndex].atMessage < messageIndex) {
      const compaction = compactions[compactionIndex];
      policyUsd = add(policyUsd, compaction.costUsd);
      series.push({ atMessage: compaction.atMessage, agentUsd, agentSimulatedUsd, policyUsd, compaction: compaction.ordinal });
      compactionIndex += 1;
    }
  };
  bill.perCall.forEach((call, index) => {
    flushCompactionsBefore(call.messageIndex);
    const checked = sites.basis === 'logged' ? check.perCall[index] : undefined;
    agentUsd = checked ? add(agentUsd, checked.loggedUsd) : null;
    agentSimulatedUsd = checked ? add(agentSimulatedUsd, checked.simulatedUsd) : null;
    policyUsd = add(policyUsd, call.usd);
    series.push({ atMessage: call.messageIndex, agentUsd, agentSimulatedUsd, policyUsd });
  });
  flushCompactionsBefore(Number.POSITIVE_INFINITY);

  const kinds = redaction ? null : bill.byKind;
  return {
    agent: {
      loggedUsd: check.loggedUsd,
      simulatedUsd: check.simulatedUsd,
      ratio: check.ratio,
      loggedTotalUsd: check.loggedUsd === null || check.outputUsd === null ? null : check.loggedUsd + check.outputUsd,
      outputUsd: check.outputUsd,
      loggedByKind: check.loggedByKind,
      simulatedByKind: check.simulatedByKind,
      calls: check.calls,
      misses: check.misses,
      lifetime: lifetime.lifetime,
      lifetimeSource: lifetime.source,
      headTokens: agent.head.tokens,
      unknownModels: check.unknownModels,
    },
    policy: {
      totalUsd: redaction ? null : bill.totalUsd,
      agentCallsUsd: redaction ? null : bill.agentCallsUsd,
      summarizerUsd: bill.summarizerUsd,
      cacheWriteUsd: kinds ? kinds.cacheWrite : null,
      cacheReadUsd: kinds ? kinds.cacheRead : null,
      inputSideUsd: kinds ? kinds.input + kinds.cacheWrite + kinds.cacheRead : null,
      inputUsd: kinds ? kinds.input : null,
      outputUsd: kinds ? kinds.output : null,
      calls: bill.calls,
      longContextCalls: bill.longContextCalls,
      unknownModels: bill.unknownModels,
    },
    pricesAsOf: prices.asOf,
    pricesSource: prices.source,
    userPricedModels,
    assumptions,
    series,
  };
}
