import type { Usage } from '../transcript/model';
import { asNumber, asRecord } from './shared';
import { compactUsage } from './usage';

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
