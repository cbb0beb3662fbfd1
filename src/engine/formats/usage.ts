/** Format-independent helpers for the token usage that importers read from their sources. */
import type { LoggedUsage, Message, Usage } from '../transcript/model';

/** Drops undefined figures; undefined when nothing was logged at all. */
export function compactUsage(usage: Usage): Usage | undefined {
  const entries = Object.entries(usage).filter(([, figure]) => figure !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Usage);
}

/**
 * Sums the usage logged on messages (one entry per API call) into the transcript's logged usage;
 * `lastContextTokens` is the context fill of the last call that logged one. Undefined when no message has usage.
 */
export function loggedUsageFrom(messages: readonly Message[], description: string): LoggedUsage | undefined {
  const usages = messages.map((message) => message.usage).filter((usage): usage is Usage => usage !== undefined);
  if (usages.length === 0) return undefined;
  const withContext = usages.filter((usage) => usage.contextTokens !== undefined);
  const sum = (pick: (usage: Usage) => number | undefined): number | undefined => {
    const figures = usages.map(pick).filter((figure): figure is number => figure !== undefined);
    return figures.length === 0 ? undefined : figures.reduce((total, figure) => total + figure, 0);
  };
  const logged: LoggedUsage = {
    lastContextTokens: withContext.length > 0 ? withContext[withContext.length - 1].contextTokens : undefined,
    totalInputTokens: sum((usage) => usage.inputTokens),
    totalOutputTokens: sum((usage) => usage.outputTokens),
    description,
  };
  return Object.fromEntries(Object.entries(logged).filter(([, figure]) => figure !== undefined)) as unknown as LoggedUsage;
}
