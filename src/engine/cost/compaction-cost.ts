import type { Transcript } from '../transcript/model';
import { inferLifetime, type LifetimeReading } from './cache-lifetime';
import type { CacheLifetime } from './cache-rules';
import { billedTokensOf } from './logged-tokens';
import { costByKind, totalOf, type BilledTokens, type TokenPrices } from './prices';

/** One compaction as its cost is read: the contexts around it in the provider's tokens, and what its summarizer calls cost. */
interface CompactionCostInput {
  /** The context just before the compaction: what the next agent call would send without it. */
  contextBefore: number;
  /** The compacted context: what the next agent call sends after it. */
  contextAfter: number;
  /** The head cached ahead of every prompt (the system prompt and tools), which a compaction leaves in place. */
  headTokens: number;
  /** The compaction's summarizer calls as priced on the run, US dollars; null when unknown (an unpriced or unlogged call). */
  summarizerUsd: number | null;
  /** The agent model's prices; undefined when it has none (every figure is then unknown, never 0). */
  prices: TokenPrices | undefined;
  /** The cache lifetime the rewrite is written with (its price: Anthropic's 1-hour write costs more). */
  lifetime: CacheLifetime;
  /**
   * What the real next call after the compaction logged (the agent's own compaction): its cache read and writes are
   * then the rewrite, as billed, instead of the head read and the rest written.
   */
  loggedNext?: BilledTokens;
}

/** What one compaction costs against not compacting, in US dollars (null: unknown), and the tokens each figure rests on. */
export interface CompactionCost {
  summarizerUsd: number | null;
  /** The next agent call's input after compacting: the cached head read, the rest of the compacted context written again. */
  rewriteUsd: number | null;
  /** summarizerUsd + rewriteUsd. */
  totalUsd: number | null;
  /** The next agent call's input without compacting: the whole context read from the cache. */
  notCompactingUsd: number | null;
  /** totalUsd − notCompactingUsd: what compacting adds to the next call (negative: it saves). */
  extraUsd: number | null;
  tokens: { headRead: number; written: number; readWithout: number };
  /** The rewrite is the real next call's logged cache read and writes, not the model's. */
  isLogged: boolean;
}

/** Billed tokens with only the given kinds. */
const billed = (tokens: Partial<BilledTokens>): BilledTokens => ({ uncachedInput: 0, cacheRead: 0, cacheWrite: 0, cacheWriteHour: 0, output: 0, ...tokens });

/**
 * One compaction's cost with prompt caching (issue 28): its summarizer calls plus the cache rewrite the next agent call
 * pays — it reads only the cached head from the cache and writes the rest of the compacted context at the write price —
 * against not compacting, when the next call reads the whole context from the cache. Both sides are the next call's
 * input only: the new message and the output are the same either way and left out. The cache is taken as warm (the
 * next call comes within the lifetime), as it is in a working session.
 */
export function compactionCost(input: CompactionCostInput): CompactionCost {
  const { loggedNext } = input;
  const headRead = loggedNext ? loggedNext.cacheRead : Math.min(input.headTokens, input.contextAfter);
  const written = loggedNext ? loggedNext.cacheWrite + loggedNext.cacheWriteHour : Math.max(0, input.contextAfter - headRead);
  const tokens = { headRead, written, readWithout: input.contextBefore };
  const isLogged = loggedNext !== undefined;
  const { prices } = input;
  if (!prices) return { summarizerUsd: input.summarizerUsd, rewriteUsd: null, totalUsd: null, notCompactingUsd: null, extraUsd: null, tokens, isLogged };
  const write = loggedNext ? { cacheWrite: loggedNext.cacheWrite, cacheWriteHour: loggedNext.cacheWriteHour } : input.lifetime === '1h' ? { cacheWriteHour: written } : { cacheWrite: written };
  const rewriteUsd = totalOf(costByKind(billed({ cacheRead: headRead, ...write }), prices));
  const notCompactingUsd = totalOf(costByKind(billed({ cacheRead: input.contextBefore }), prices));
  const totalUsd = input.summarizerUsd === null ? null : input.summarizerUsd + rewriteUsd;
  return { summarizerUsd: input.summarizerUsd, rewriteUsd, totalUsd, notCompactingUsd, extraUsd: totalUsd === null ? null : totalUsd - notCompactingUsd, tokens, isLogged };
}

/** The main conversation's calls that logged usage, by how each was billed. */
function mainCallsLogged(transcript: Transcript, from = 0): { index: number; tokens: BilledTokens }[] {
  const calls: { index: number; tokens: BilledTokens }[] = [];
  transcript.messages.forEach((message, index) => {
    if (index < from || message.role !== 'assistant' || message.isSidechain || !message.usage) return;
    calls.push({ index, tokens: billedTokensOf(message.usage) });
  });
  return calls;
}

/**
 * The cache lifetime a transcript's agent used, read once from its logged usage (`inferLifetime`: the 1-hour or 5-minute
 * split of its writes; the 5-minute default, said, when the log does not split them or logged none).
 */
export function transcriptCacheLifetime(transcript: Transcript): LifetimeReading {
  return inferLifetime(mainCallsLogged(transcript).map((call) => call.tokens));
}

/**
 * What the agent's real next call after a compaction at message `atIndex` logged, by how it was billed: the first
 * main-conversation call from there on that logged a cache read or write. Undefined when the log has none (no usage,
 * or a source that does not log the cache).
 */
export function loggedNextCall(transcript: Transcript, atIndex: number): BilledTokens | undefined {
  return mainCallsLogged(transcript, atIndex).find((call) => call.tokens.cacheRead + call.tokens.cacheWrite + call.tokens.cacheWriteHour > 0)?.tokens;
}
