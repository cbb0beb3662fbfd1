import type { Usage } from '../transcript/model';
import { asRecord } from './shared';
import { compactUsage, TokenFigures } from './usage';

/**
 * Reads an OpenAI usage object, Chat Completions (`prompt_tokens` …) or Responses (`input_tokens` …) naming.
 * OpenAI's prompt count already includes cached tokens, so it is the context fill as logged. Implausible figures are
 * left out (`figures` collects them for a warning).
 */
export function openAiUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const inputTokens = figures.read(usage, 'prompt_tokens') ?? figures.read(usage, 'input_tokens');
  const outputTokens = figures.read(usage, 'completion_tokens') ?? figures.read(usage, 'output_tokens');
  const inputDetails = asRecord(usage.prompt_tokens_details) ?? asRecord(usage.input_tokens_details);
  const outputDetails = asRecord(usage.completion_tokens_details) ?? asRecord(usage.output_tokens_details);
  const result: Usage = {
    inputTokens,
    outputTokens,
    cacheReadTokens: figures.read(inputDetails, 'cached_tokens'),
    reasoningTokens: figures.read(outputDetails, 'reasoning_tokens'),
    totalTokens: figures.read(usage, 'total_tokens'),
    contextTokens: inputTokens,
  };
  return compactUsage(result);
}
