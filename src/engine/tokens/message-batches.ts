import type { Message } from '../transcript/model';
import { countTextTokens } from './accounting';
import { messageImageTokens, messageText } from './message-text';
import type { TokenCache } from './token-cache';
import type { TokenCounter } from './token-counter';

/** Counts for a run of consecutive messages, as a streaming counter reports them. */
export interface MessageCountBatch {
  /** Index in the input of the first message of `counts`. */
  startIndex: number;
  /** Tokens per message (same rule as `countMessageTokens`), in input order. */
  counts: number[];
  /** Messages counted so far, this batch included. */
  countedMessages: number;
  totalMessages: number;
}

/** Batch limits. A batch closes at whichever limit comes first, and always holds at least one message. */
export interface BatchLimits {
  /** Default 256 messages. */
  maxMessages?: number;
  /** Default 200,000 characters: about 50 ms of exact counting on a slow machine, a good progress cadence. */
  maxChars?: number;
}

/**
 * Counts messages lazily, one batch per `next()`. The engine has no clock, so batches are sized by messages and
 * characters; the caller (the worker) posts each batch, yields to its event loop between batches to stay cancellable,
 * and can stop early at any point. Characters are measured on the counted text, so cached messages still pace it.
 */
export function* countMessageBatches(
  messages: readonly Message[],
  counter: TokenCounter,
  cache?: TokenCache,
  { maxMessages = 256, maxChars = 200_000 }: BatchLimits = {},
): Generator<MessageCountBatch, void, void> {
  let startIndex = 0;
  while (startIndex < messages.length) {
    const counts: number[] = [];
    let chars = 0;
    const isOpen = () => counts.length === 0 || (counts.length < maxMessages && chars < maxChars);
    while (startIndex + counts.length < messages.length && isOpen()) {
      const message = messages[startIndex + counts.length];
      const text = messageText(message);
      chars += text.length;
      counts.push(countTextTokens(text, counter, cache) + messageImageTokens(message));
    }
    yield { startIndex, counts, countedMessages: startIndex + counts.length, totalMessages: messages.length };
    startIndex += counts.length;
  }
}

/** Runs `countMessageBatches` to the end, calling `onBatch` after each batch; returns all counts in order. */
export function countMessagesInBatches(
  messages: readonly Message[],
  counter: TokenCounter,
  onBatch: (batch: MessageCountBatch) => void,
  cache?: TokenCache,
  limits?: BatchLimits,
): number[] {
  const all: number[] = [];
  for (const batch of countMessageBatches(messages, counter, cache, limits)) {
    all.push(...batch.counts);
    onBatch(batch);
  }
  return all;
}
