import type { BilledTokens } from './prices';
import { cacheRulesFor, type CacheLifetime, type CacheRules } from './cache-rules';

/** One model call as the cache model reads it. Token figures are the provider's tokens. */
export interface ModelCall {
  /** The cache chain the call belongs to: the main conversation, or one subagent's (each its own prefix). */
  chain: string;
  model?: string;
  /** When the request went out (ms since epoch; the response's first logged line); absent without timestamps. */
  startMs?: number;
  /** When the response ended (its last logged line); the start when absent. A prefix's lifetime counts from here. */
  endMs?: number;
  /** The whole prompt: system prompt, tools and messages. */
  promptTokens: number;
  /** The system prompt and tools at the head of every prompt (Anthropic's first breakpoint). */
  headTokens: number;
  /** The leading tokens still equal to the chain's previous prompt: all of it when only messages were added. */
  keptTokens: number;
  outputTokens: number;
  /**
   * The call's tokens as the provider logged them, when the cache's state before it is unknown (the first call of a
   * file that may continue an earlier session): the call is billed as logged and leaves its prompt cached.
   */
  asLogged?: BilledTokens;
}

/** What the cache did at one call, in one word each. */
type CacheEvent =
  /** Read the previous prompt whole. */
  | 'hit'
  /** Nothing cached yet on the chain. */
  | 'cold'
  /** The previous prompt was cached but the pause since it outlasted the lifetime. */
  | 'expired'
  /** The prompt no longer starts with the previous one (a compaction rewrote it): only the kept head was read. */
  | 'rewritten'
  /** The prompt (or what it could cache) is shorter than the provider's minimum. */
  | 'below-minimum'
  /** Billed as logged: the cache's state before the call is unknown. */
  | 'as-logged'
  /** The provider's caching rules are unknown: everything billed as plain input. */
  | 'no-caching';

/** One call billed by the cache model. */
export interface SimulatedCall {
  billed: BilledTokens;
  event: CacheEvent;
  /** Milliseconds since the chain's previous response ended; absent for a chain's first call or without timestamps. */
  idleMs?: number;
}

/** A cached prefix: its length and when it stops being readable (infinite when the calls have no timestamps). */
interface Entry {
  tokens: number;
  expiresMs: number;
}

interface ChainState {
  /** Caches are per model: a call of another model starts cold. */
  model?: string;
  head?: Entry;
  prompt?: Entry;
  lastEndMs?: number;
}

const billed = (uncachedInput: number, cacheRead: number, write: number, lifetime: CacheLifetime, output: number): BilledTokens => ({
  uncachedInput,
  cacheRead,
  cacheWrite: lifetime === '1h' ? 0 : write,
  cacheWriteHour: lifetime === '1h' ? write : 0,
  output,
});

/** The part of a readable prefix an implicit cache serves: nothing under the minimum, then whole steps. */
function implicitHit(tokens: number, rules: CacheRules): number {
  if (tokens < rules.minimumTokens) return 0;
  return rules.minimumTokens + Math.floor((tokens - rules.minimumTokens) / rules.step) * rules.step;
}

const isAlive = (entry: Entry | undefined, atMs: number | undefined, kept: number): entry is Entry =>
  entry !== undefined && entry.tokens <= kept && (atMs === undefined || atMs <= entry.expiresMs);

/** Why the longest readable prefix was not the previous prompt. */
function missReason(state: ChainState, call: ModelCall, atMs: number | undefined): CacheEvent {
  if (!state.prompt && !state.head) return 'cold';
  if (state.prompt && state.prompt.tokens > call.keptTokens) return 'rewritten';
  if (state.prompt && atMs !== undefined && atMs > state.prompt.expiresMs) return 'expired';
  return 'cold';
}

/**
 * Bills one call and updates its chain's cache. Anthropic: the longest live breakpoint inside the kept prefix is read
 * (the previous prompt, else the head), and everything from there to the last breakpoint the minimum allows is written
 * at the write price; the rest is plain input. Implicit caches (OpenAI, Gemini): the live kept prefix is read in the
 * provider's steps, the rest is plain input, nothing is written at a premium.
 */
function billCall(state: ChainState, call: ModelCall, rules: CacheRules): SimulatedCall {
  const atMs = call.startMs;
  const idleMs = atMs !== undefined && state.lastEndMs !== undefined ? Math.max(0, atMs - state.lastEndMs) : undefined;
  const endMs = call.endMs ?? call.startMs;
  const expiresMs = endMs === undefined ? Number.POSITIVE_INFINITY : endMs + rules.lifetimeMs;
  const remember = (read: number): void => {
    const cachesHead = rules.isExplicit && call.headTokens >= rules.minimumTokens && call.headTokens <= call.promptTokens;
    state.head = cachesHead ? { tokens: call.headTokens, expiresMs } : isAlive(state.head, atMs, call.keptTokens) ? state.head : undefined;
    if (call.promptTokens >= rules.minimumTokens) state.prompt = { tokens: call.promptTokens, expiresMs };
    else if (state.prompt && state.prompt.tokens > read) state.prompt = undefined;
    state.lastEndMs = endMs ?? state.lastEndMs;
  };
  const withIdle = (result: Omit<SimulatedCall, 'idleMs'>): SimulatedCall => (idleMs !== undefined ? { ...result, idleMs } : result);

  if (call.asLogged) {
    remember(call.asLogged.cacheRead);
    return withIdle({ billed: call.asLogged, event: 'as-logged' });
  }
  if (rules.provider === 'none') return withIdle({ billed: billed(call.promptTokens, 0, 0, rules.lifetime, call.outputTokens), event: 'no-caching' });

  const livePrompt = isAlive(state.prompt, atMs, call.keptTokens) ? state.prompt : undefined;
  const liveHead = isAlive(state.head, atMs, call.keptTokens) ? state.head : undefined;
  if (!rules.isExplicit) {
    // An implicit cache keeps every prefix it saw: after a rewrite, the kept part of the previous prompt still hits.
    const previous = state.prompt && (atMs === undefined || atMs <= state.prompt.expiresMs) ? Math.min(state.prompt.tokens, call.keptTokens) : 0;
    const read = Math.min(implicitHit(previous, rules), call.promptTokens);
    const event: CacheEvent = call.promptTokens < rules.minimumTokens ? 'below-minimum' : livePrompt ? 'hit' : missReason(state, call, atMs);
    remember(read);
    return withIdle({ billed: billed(call.promptTokens - read, read, 0, rules.lifetime, call.outputTokens), event });
  }
  const read = livePrompt?.tokens ?? liveHead?.tokens ?? 0;
  const lastBreakpoint = call.promptTokens >= rules.minimumTokens ? call.promptTokens : call.headTokens >= rules.minimumTokens ? call.headTokens : read;
  const write = Math.max(0, lastBreakpoint - read);
  const event: CacheEvent = call.promptTokens < rules.minimumTokens ? 'below-minimum' : livePrompt ? 'hit' : missReason(state, call, atMs);
  remember(read);
  return withIdle({ billed: billed(call.promptTokens - read - write, read, write, rules.lifetime, call.outputTokens), event });
}

/**
 * Bills a sequence of model calls, in order, by their providers' caching rules (`cacheRulesFor`): each chain keeps
 * its own cache; a call reads what is still cached of the prefix it shares with its chain's previous call and pays
 * for the rest. Lifetimes are measured against the calls' own timestamps; calls without them are taken to follow
 * each other with no pause. `lifetime` is the Anthropic cache lifetime the agent asked for.
 */
export function simulateCache(calls: readonly ModelCall[], lifetime: CacheLifetime = '5m'): SimulatedCall[] {
  const chains = new Map<string, ChainState>();
  const rulesByModel = new Map<string | undefined, CacheRules>();
  return calls.map((call) => {
    let rules = rulesByModel.get(call.model);
    if (!rules) {
      rules = cacheRulesFor(call.model, lifetime);
      rulesByModel.set(call.model, rules);
    }
    let state = chains.get(call.chain);
    if (!state || state.model !== call.model) {
      state = { model: call.model, lastEndMs: state?.lastEndMs };
      chains.set(call.chain, state);
    }
    return billCall(state, call, rules);
  });
}
