import type { LoggedUsage, Usage } from '../../transcript/model';
import { asRecord } from '../shared';
import { MAX_TOTAL_TOKENS, TokenFigures } from '../usage';

/** One `token_count` usage object (last or total) as canonical usage; context = input_tokens. Implausible figures are left out. */
export function readCodexUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  const inputTokens = figures.read(usage, 'input_tokens');
  if (!usage || inputTokens === undefined) return undefined;
  return {
    inputTokens,
    cacheReadTokens: figures.read(usage, 'cached_input_tokens'),
    outputTokens: figures.read(usage, 'output_tokens'),
    reasoningTokens: figures.read(usage, 'reasoning_output_tokens'),
    totalTokens: figures.read(usage, 'total_tokens'),
    // OpenAI's input_tokens already include the cached part.
    contextTokens: inputTokens,
  };
}

/**
 * Logged usage from the last distinct `token_count` event's info, or undefined when the file has none. Totals run over
 * the whole session, so they may be far larger than one call's figures; implausible ones are left out (`figures`).
 */
export function codexLoggedUsage(info: Record<string, unknown> | undefined, figures = new TokenFigures()): LoggedUsage | undefined {
  if (!info) return undefined;
  const total = asRecord(info.total_token_usage);
  return {
    // Read (and warned about) already as that event's call usage; read again quietly.
    lastContextTokens: new TokenFigures().read(asRecord(info.last_token_usage), 'input_tokens'),
    totalInputTokens: figures.read(total, 'input_tokens', MAX_TOTAL_TOKENS, 'total_token_usage.input_tokens'),
    totalOutputTokens: figures.read(total, 'output_tokens', MAX_TOTAL_TOKENS, 'total_token_usage.output_tokens'),
    contextWindow: figures.read(info, 'model_context_window'),
    description:
      'Last token_count event: context = last_token_usage.input_tokens (cached tokens included), window = ' +
      'model_context_window, totals = total_token_usage; repeated identical events counted once.',
  };
}
