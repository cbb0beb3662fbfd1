import type { Block, Message, Role, Transcript } from '../transcript/model';
import { blockText, messageImageTokens, messageText } from './message-text';
import { TokenCache } from './token-cache';
import type { EncodingName, TokenCounter } from './token-counter';

/** The kinds of block a message is made of. */
type BlockKind = Block['kind'];

/** Token accounting of one transcript. Every number includes the fixed image estimates (see `imageTokens`). */
export interface TranscriptTokenCount {
  encoding: EncodingName;
  /** Tokens per message, in `transcript.messages` order. */
  perMessage: number[];
  /** Tokens of `transcript.system`, 0 without one. */
  system: number;
  /** `system` + Σ `perMessage`. */
  total: number;
  /** Sums by role; the system prompt counts under `system`. Adds up to `total`. */
  byRole: Record<Role, number>;
  /** Sums by block kind; multi-block messages are split in proportion to their blocks counted alone. Adds up to `total`. */
  byBlockKind: Record<BlockKind, number>;
  /** The part of `total` that is the fixed per-image estimate, not a count. */
  imageTokens: number;
  /** True when the counter is a heuristic (chars per token), so every number is an estimate. */
  isEstimate: boolean;
}

/** Tokens of one message: its `messageText` counted (through the cache when given) plus its image estimates. */
export function countMessageTokens(message: Message, counter: TokenCounter, cache?: TokenCache): number {
  return countTextTokens(messageText(message), counter, cache) + messageImageTokens(message);
}

/** Each message's count per counter, kept for as long as both live: messages are immutable and counters deterministic. */
const countsByCounter = new WeakMap<TokenCounter, WeakMap<Message, number>>();

/**
 * Tokens of one message, counted once per counter for the message object's whole life (`countMessageTokens` the first
 * time, through the cache when given). A session replay measures the same messages run after run; this keeps each
 * count to one hash or tokenization however many runs see the message.
 */
export function countMessageOnce(message: Message, counter: TokenCounter, cache?: TokenCache): number {
  let counts = countsByCounter.get(counter);
  if (!counts) countsByCounter.set(counter, (counts = new WeakMap()));
  let tokens = counts.get(message);
  if (tokens === undefined) counts.set(message, (tokens = countMessageTokens(message, counter, cache)));
  return tokens;
}

/** Tokens of a text, through the cache when given. */
export function countTextTokens(text: string, counter: TokenCounter, cache?: TokenCache): number {
  if (text.length === 0) return 0;
  return cache ? cache.count(text, counter) : counter.count(text);
}

/** Counts a whole transcript; pass a `TokenCache` to make re-counts of unchanged messages cost a hash each. */
export function countTranscript(transcript: Transcript, counter: TokenCounter, cache = new TokenCache()): TranscriptTokenCount {
  const byRole: Record<Role, number> = { system: 0, user: 0, assistant: 0, tool: 0 };
  const byBlockKind: Record<BlockKind, number> = { text: 0, thinking: 0, image: 0, tool_call: 0, tool_result: 0 };
  let imageTokens = 0;
  const account = (message: Message): number => {
    const tokenCount = countMessageTokens(message, counter, cache);
    const messageImages = messageImageTokens(message);
    imageTokens += messageImages;
    byBlockKind.image += messageImages;
    byRole[message.role] += tokenCount;
    addBlockShares(message, tokenCount - messageImages, counter, cache, byBlockKind);
    return tokenCount;
  };
  const system = transcript.system ? account(transcript.system) : 0;
  const perMessage = transcript.messages.map(account);
  const total = perMessage.reduce((sum, tokenCount) => sum + tokenCount, system);
  return {
    encoding: counter.encoding,
    perMessage,
    system,
    total,
    byRole,
    byBlockKind,
    imageTokens,
    isEstimate: counter.isEstimate === true,
  };
}

/**
 * Splits a message's text tokens over its blocks' kinds. One countable block takes them all; several are each
 * counted alone and the message's tokens are shared in proportion (largest remainder), so the kinds add up to the
 * message count although BPE is not additive across the '\n' joins.
 */
function addBlockShares(
  message: Message,
  textTokens: number,
  counter: TokenCounter,
  cache: TokenCache,
  byBlockKind: Record<BlockKind, number>,
): void {
  const parts: { kind: BlockKind; text: string }[] = [];
  for (const block of message.blocks) {
    const text = blockText(block);
    if (text) parts.push({ kind: block.kind, text });
  }
  if (parts.length === 0) return;
  if (parts.length === 1) {
    byBlockKind[parts[0].kind] += textTokens;
    return;
  }
  const alone = parts.map((part) => cache.count(part.text, counter));
  const aloneTotal = alone.reduce((sum, tokenCount) => sum + tokenCount, 0);
  const exact = alone.map((tokenCount) => (aloneTotal === 0 ? 0 : (tokenCount * textTokens) / aloneTotal));
  const shares = exact.map(Math.floor);
  let remainder = textTokens - shares.reduce((sum, share) => sum + share, 0);
  const byFraction = exact.map((value, index) => ({ index, fraction: value - shares[index] }));
  byFraction.sort((left, right) => right.fraction - left.fraction || left.index - right.index);
  for (let rank = 0; remainder > 0; rank = (rank + 1) % byFraction.length, remainder--) shares[byFraction[rank].index]++;
  parts.forEach((part, index) => (byBlockKind[part.kind] += shares[index]));
}
