/** Format-independent helpers for the token usage that importers read from their sources. */
import type { LoggedUsage, Message, Usage } from '../transcript/model';
import type { ImportIssue, SourceLocation } from './import-report';

/** Most tokens one model call can log: ten times the largest context window any model offers. */
export const MAX_CALL_TOKENS = 100_000_000;

/** Most tokens a running total over a whole session or run can log. */
export const MAX_TOTAL_TOKENS = 1_000_000_000_000;

/**
 * Reads the token figures of usage records and refuses what no provider logs: a negative, fractional, non-finite or
 * absurdly large count (`input_tokens: -5000`, `1e308`). A refused figure is left out, never clamped, so it can reach
 * neither the model nor the logged-usage sums; the reader keeps its name and value for a located warning.
 */
export class TokenFigures {
  /** Each refused figure as `name = value`, in reading order. */
  readonly refused: string[] = [];

  /** The count at `record[field]` when it is a whole number from 0 to `limit`; undefined otherwise (a number is refused). */
  read(record: Record<string, unknown> | undefined, field: string, limit = MAX_CALL_TOKENS, label = field): number | undefined {
    const value = record?.[field];
    if (typeof value !== 'number') return undefined;
    if (Number.isInteger(value) && value >= 0 && value <= limit) return value;
    this.refused.push(`${label} = ${String(value)}`);
    return undefined;
  }

  /** How many figures were refused so far: a reader compares counts to tell whether a sum it builds is whole. */
  get refusedCount(): number {
    return this.refused.length;
  }

  /** One warning naming every refused figure, located at `where`; none when all were plausible. */
  issues(where: SourceLocation): ImportIssue[] {
    if (this.refused.length === 0) return [];
    return [{ message: `usage left out, not a plausible token count: ${this.refused.join(', ')}`, ...where }];
  }
}

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
