import type { Usage } from '../../transcript/model';
import { asRecord, asString } from '../shared';
import { compactUsage, TokenFigures } from '../usage';

/** The key the lines of one API response share: `message.id` (the line's uuid when it has none), then `requestId`. */
export function responseKey(record: Record<string, unknown>): string | undefined {
  const id = asString(asRecord(record.message)?.id) ?? asString(record.uuid);
  return id === undefined ? undefined : `${id}|${asString(record.requestId) ?? ''}`;
}

/**
 * A Messages-API usage object in canonical form; context = input + cache write + cache read, left out when one of
 * those was refused as implausible (`figures` collects the refusals for a warning). The write's 1-hour part comes from
 * `cache_creation.ephemeral_1h_input_tokens` (priced above the 5-minute part), kept only when it fits in the write.
 */
export function readClaudeUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const refusedBefore = figures.refusedCount;
  const inputTokens = figures.read(usage, 'input_tokens');
  const cacheWriteTokens = figures.read(usage, 'cache_creation_input_tokens');
  const cacheReadTokens = figures.read(usage, 'cache_read_input_tokens');
  const isContextWhole = figures.refusedCount === refusedBefore;
  const outputTokens = figures.read(usage, 'output_tokens');
  const hourTokens = figures.read(asRecord(usage.cache_creation), 'ephemeral_1h_input_tokens', undefined, 'cache_creation.ephemeral_1h_input_tokens');
  if ([inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens].every((value) => value === undefined)) return undefined;
  const cacheWriteHourTokens = hourTokens !== undefined && hourTokens > 0 && hourTokens <= (cacheWriteTokens ?? 0) ? hourTokens : undefined;
  return compactUsage({
    inputTokens,
    outputTokens,
    cacheReadTokens,
    cacheWriteTokens,
    cacheWriteHourTokens,
    contextTokens: isContextWhole ? (inputTokens ?? 0) + (cacheWriteTokens ?? 0) + (cacheReadTokens ?? 0) : undefined,
  });
}

