import type { LoggedUsage, Usage } from '../transcript/model';
import { asNumber, asRecord } from './shared';

/** One `token_count` usage object (last or total) as canonical usage; context = input_tokens. */
export function readCodexUsage(value: unknown): Usage | undefined {
  const usage = asRecord(value);
  const inputTokens = asNumber(usage?.input_tokens);
  if (!usage || inputTokens === undefined) return undefined;
  return {
    inputTokens,
    cacheReadTokens: asNumber(usage.cached_input_tokens),
    outputTokens: asNumber(usage.output_tokens),
    reasoningTokens: asNumber(usage.reasoning_output_tokens),
    totalTokens: asNumber(usage.total_tokens),
    // OpenAI's input_tokens already include the cached part.
    contextTokens: inputTokens,
  };
}

/** Logged usage from the last distinct `token_count` event's info, or undefined when the file has none. */
export function codexLoggedUsage(info: Record<string, unknown> | undefined): LoggedUsage | undefined {
  if (!info) return undefined;
  const total = asRecord(info.total_token_usage);
  return {
    lastContextTokens: asNumber(asRecord(info.last_token_usage)?.input_tokens),
    totalInputTokens: asNumber(total?.input_tokens),
    totalOutputTokens: asNumber(total?.output_tokens),
    contextWindow: asNumber(info.model_context_window),
    description:
      'Last token_count event: context = last_token_usage.input_tokens (cached tokens included), window = ' +
      'model_context_window, totals = total_token_usage; repeated identical events counted once.',
  };
}
