import type { Usage } from '../transcript/model';
import type { BilledTokens } from './prices';

/** No tokens at all: the start of a sum. */
export const noTokens: BilledTokens = { uncachedInput: 0, cacheRead: 0, cacheWrite: 0, cacheWriteHour: 0, output: 0 };

/** The sum of two token tallies. */
export function addTokens(a: BilledTokens, b: BilledTokens): BilledTokens {
  return {
    uncachedInput: a.uncachedInput + b.uncachedInput,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    cacheWriteHour: a.cacheWriteHour + b.cacheWriteHour,
    output: a.output + b.output,
  };
}

/** Every input token of a tally, however it was billed: the call's context. */
export function inputSideOf(tokens: BilledTokens): number {
  return tokens.uncachedInput + tokens.cacheRead + tokens.cacheWrite + tokens.cacheWriteHour;
}

/**
 * One call's logged usage by how it was billed. Providers count input differently (OpenAI's input includes the cached
 * part, Anthropic's holds only the uncached part), but every importer's `contextTokens` is the whole input side, so the
 * uncached input is context − cache read − cache write where the context is known, and the logged input otherwise.
 * The 1-hour part of the write (`cacheWriteHourTokens`) is split from the default-lifetime part.
 */
export function billedTokensOf(usage: Usage): BilledTokens {
  const cacheRead = usage.cacheReadTokens ?? 0;
  const write = usage.cacheWriteTokens ?? 0;
  const cacheWriteHour = Math.min(usage.cacheWriteHourTokens ?? 0, write);
  const uncachedInput = usage.contextTokens !== undefined ? Math.max(0, usage.contextTokens - cacheRead - write) : (usage.inputTokens ?? 0);
  return { uncachedInput, cacheRead, cacheWrite: write - cacheWriteHour, cacheWriteHour, output: usage.outputTokens ?? 0 };
}
