import type { Message, Usage } from '../../transcript/model';
import type { TokenCounter } from '../../tokens/token-counter';
import { piMessageTokenEstimate, quarterCharsTokens } from '../../tokens/estimate';
import { messageImageTokens, messageText } from '../../tokens/message-text';

/** How the profile counts: per message, the whole context, and the whole request (context plus system prompt). */
export interface AutoCompactorEstimator {
  messageTokens(message: Message): number;
  contextTokens(messages: readonly Message[]): number;
  requestTokens(messages: readonly Message[], system?: Message): number;
}

/** The seed's usage figure for an anchor: `totalTokens`, or input + output + cache read + cache write when that is 0. */
export function usageTokens(usage: Usage | undefined): number {
  if (!usage) return 0;
  if (usage.totalTokens && usage.totalTokens > 0) return usage.totalTokens;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
}

function systemText(system: Message | undefined): string {
  return system ? messageText(system) : '';
}

/**
 * Seed 1's estimate (§1.9): ceil(chars/4) per message; the context total is the usage of the last assistant with
 * usage > 0 plus the heuristic of every later message; the system prompt's chars/4 is added only when unanchored,
 * so the overhead is not counted twice. Per-message estimates are cached by message object (messages are immutable).
 */
export function seedEstimator(): AutoCompactorEstimator {
  const cache = new WeakMap<Message, number>();
  const messageTokens = (message: Message): number => {
    let tokens = cache.get(message);
    if (tokens === undefined) {
      tokens = piMessageTokenEstimate(message);
      cache.set(message, tokens);
    }
    return tokens;
  };
  const anchored = (messages: readonly Message[]): { total: number; isAnchored: boolean } => {
    let anchorIndex = -1;
    for (let index = messages.length - 1; index >= 0; index--) {
      if (messages[index].role === 'assistant' && usageTokens(messages[index].usage) > 0) {
        anchorIndex = index;
        break;
      }
    }
    let total = anchorIndex >= 0 ? usageTokens(messages[anchorIndex].usage) : 0;
    for (let index = anchorIndex + 1; index < messages.length; index++) total += messageTokens(messages[index]);
    return { total, isAnchored: anchorIndex >= 0 };
  };
  return {
    messageTokens,
    contextTokens: (messages) => anchored(messages).total,
    requestTokens: (messages, system) => {
      const { total, isAnchored } = anchored(messages);
      return isAnchored ? total : total + quarterCharsTokens(systemText(system));
    },
  };
}

/** Exact counting through the counter port (plus the fixed image estimate): no usage anchor, system always counted. */
export function exactEstimator(counter: TokenCounter): AutoCompactorEstimator {
  const cache = new WeakMap<Message, number>();
  const messageTokens = (message: Message): number => {
    let tokens = cache.get(message);
    if (tokens === undefined) {
      tokens = counter.count(messageText(message)) + messageImageTokens(message);
      cache.set(message, tokens);
    }
    return tokens;
  };
  const contextTokens = (messages: readonly Message[]): number => messages.reduce((sum, message) => sum + messageTokens(message), 0);
  return {
    messageTokens,
    contextTokens,
    requestTokens: (messages, system) => contextTokens(messages) + (system ? counter.count(systemText(system)) : 0),
  };
}
