import type { Usage } from '../transcript/model';
import { asRecord } from './shared';
import { compactUsage, TokenFigures } from './usage';

/**
 * The 1-hour part of a cache write, kept only when it is a real part of the write (above zero, at most the whole):
 * a figure that does not fit would price tokens the call never wrote.
 */
export function hourPartOfWrite(hourTokens: number | undefined, writeTokens: number | undefined): number | undefined {
  return hourTokens !== undefined && hourTokens > 0 && hourTokens <= (writeTokens ?? 0) ? hourTokens : undefined;
}

/**
 * Reads an Anthropic Messages-API usage object, the one reader for every format that logs it (Claude Code, the Messages
 * API, LangChain's Anthropic metadata). Anthropic counts input, cache write and cache read apart, so the context is
 * their sum, left out when one was refused as implausible (`figures` collects the refusals for a warning). The write's
 * 1-hour part comes from `cache_creation.ephemeral_1h_input_tokens` (priced above the 5-minute part).
 */
export function anthropicUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const refusedBefore = figures.refusedCount;
  const inputTokens = figures.read(usage, 'input_tokens');
  const cacheWriteTokens = figures.read(usage, 'cache_creation_input_tokens');
  const cacheReadTokens = figures.read(usage, 'cache_read_input_tokens');
  const isContextWhole = figures.refusedCount === refusedBefore;
  const hourTokens = figures.read(asRecord(usage.cache_creation), 'ephemeral_1h_input_tokens', undefined, 'cache_creation.ephemeral_1h_input_tokens');
  const inputSide = [inputTokens, cacheWriteTokens, cacheReadTokens].filter((figure): figure is number => figure !== undefined);
  return compactUsage({
    inputTokens,
    outputTokens: figures.read(usage, 'output_tokens'),
    cacheReadTokens,
    cacheWriteTokens,
    cacheWriteHourTokens: hourPartOfWrite(hourTokens, cacheWriteTokens),
    contextTokens: inputSide.length > 0 && isContextWhole ? inputSide.reduce((total, figure) => total + figure, 0) : undefined,
  });
}
