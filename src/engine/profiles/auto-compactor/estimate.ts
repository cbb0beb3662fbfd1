import type { Message, StopReason, Usage } from '../../transcript/model';
import type { TokenCounter } from '../../tokens/token-counter';
import { piMessageTokenEstimate, quarterCharsTokens } from '../../tokens/estimate';
import { messageImageTokens, messageText } from '../../tokens/message-text';

/** How the profile counts: per message, the whole context, and the whole request (context plus system prompt). */
export interface AutoCompactorEstimator {
  messageTokens(message: Message): number;
  contextTokens(messages: readonly Message[]): number;
  requestTokens(messages: readonly Message[], system?: Message): number;
}

/** The seed's usage figure for an anchor (`calculateContextTokens`): `totalTokens` unless it is 0, else the four parts summed. */
export function usageTokens(usage: Usage | undefined): number {
  if (!usage) return 0;
  if (usage.totalTokens !== undefined && usage.totalTokens !== 0) return usage.totalTokens;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
}

/**
 * Stop reasons whose usage never anchors the estimate. Upstream skips its `StopReason.error` and `.aborted`
 * (token_estimation.dart, `_assistantUsage`); its provider adapters map a refusal, `content_filter`, `sensitive` and
 * any stop reason they do not know onto `error`, so our `content_filter` and `other` are skipped too. `end`,
 * `tool_use` and `length` are upstream's `stop`, `toolUse` and `length`, which anchor.
 */
export const unanchoredStopReasons: ReadonlySet<StopReason> = new Set<StopReason>(['error', 'aborted', 'content_filter', 'other']);

/**
 * True when an assistant message's usage may anchor the estimate: usage > 0 and a stop reason upstream would not
 * skip. A message whose source recorded no stop reason counts as finished (see the deviation list).
 */
export function isUsageAnchor(message: Message): boolean {
  if (message.role !== 'assistant' || usageTokens(message.usage) <= 0) return false;
  // Deviation (E14): upstream always has a stop reason; a source that recorded none reads as a finished call.
  return message.stop === undefined || !unanchoredStopReasons.has(message.stop.reason);
}

/** Index of the last message that anchors the estimate (`lastUsageIndex` upstream), or -1 when none does. */
export function usageAnchorIndex(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index--) if (isUsageAnchor(messages[index])) return index;
  return -1;
}

function systemText(system: Message | undefined): string {
  return system ? messageText(system) : '';
}

/**
 * Seed 1's estimate (§1.9, token_estimation.dart `estimateContextTokens`): ceil(chars/4) per message; the context
 * total is the usage of the last usable anchor (`isUsageAnchor`: an assistant with usage > 0 that did not error or
 * abort) plus the heuristic of every later message; the system prompt's chars/4 is added only when unanchored, so the
 * overhead is not counted twice. Per-message estimates are cached by message object (messages are immutable).
 */
export function seedEstimator(): AutoCompactorEstimator {
  const cache = new WeakMap<Message, number>();
  const messageTokens = (message: Message): number => {
    let tokens = cache.get(message);
    if (tokens === undefined) {
      // Deviation (E15): a system message kept among the turns is charged like any other; upstream estimates it 0.
      tokens = piMessageTokenEstimate(message);
      cache.set(message, tokens);
    }
    return tokens;
  };
  const anchored = (messages: readonly Message[]): { total: number; isAnchored: boolean } => {
    const anchorIndex = usageAnchorIndex(messages);
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
