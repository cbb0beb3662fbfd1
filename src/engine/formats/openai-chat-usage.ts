import type { LoggedUsage, Message, Usage } from '../transcript/model';
import { asNumber, asRecord } from './shared';

/**
 * Reads an OpenAI usage object, Chat Completions (`prompt_tokens` …) or Responses (`input_tokens` …) naming.
 * OpenAI's prompt count already includes cached tokens, so it is the context fill as logged.
 */
export function openAiUsage(value: unknown): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const inputTokens = asNumber(usage.prompt_tokens) ?? asNumber(usage.input_tokens);
  const outputTokens = asNumber(usage.completion_tokens) ?? asNumber(usage.output_tokens);
  const inputDetails = asRecord(usage.prompt_tokens_details) ?? asRecord(usage.input_tokens_details);
  const outputDetails = asRecord(usage.completion_tokens_details) ?? asRecord(usage.output_tokens_details);
  const result: Usage = {
    inputTokens,
    outputTokens,
    cacheReadTokens: asNumber(inputDetails?.cached_tokens),
    reasoningTokens: asNumber(outputDetails?.reasoning_tokens),
    totalTokens: asNumber(usage.total_tokens),
    contextTokens: inputTokens,
  };
  return compactUsage(result);
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
