import { useQuery } from '@tanstack/react-query';
import { priceOriginWords, type LifetimeReading } from '../engine';
import { formatInteger } from '../ui/format';
import type { ModelPricing } from '../worker-client/cost-protocol';
import { modelPricingQuery } from '../worker-client/queries';
import { useProviderStore } from './provider-store';

/**
 * The prices of the transcript's model for a single compaction's cost (A/B, Vs agent): asked of the worker, which loads
 * the catalog on first use, with the user's prices on top. `pricing` is undefined while asked or without a model;
 * `problem` says why there is none, in words.
 */
export function useModelPricing(model: string | undefined): { pricing?: ModelPricing; problem?: string } {
  const prices = useProviderStore((state) => state.prices);
  const query = useQuery(modelPricingQuery(model, prices));
  if (model === undefined) return { problem: 'The transcript names no model: cost unknown.' };
  if (query.error) return { problem: query.error.message };
  return query.data ? { pricing: query.data } : {};
}

/**
 * The basis of a single compaction's cost, in a sentence: whose prices (per kind, where the user's override leaves some
 * to the catalog), from where and when, what the next call reads and writes, and what is assumed (a warm cache; the
 * cache lifetime read from the transcript's log, or its default, said).
 */
export function compactionCostBasisWords(pricing: ModelPricing, headTokens: number, lifetime: LifetimeReading): string {
  if (!pricing.found) return `Cost unknown: no price for ${pricing.model} (${pricing.pricesSource}, as of ${pricing.pricesAsOf}); set one in the provider settings.`;
  const { prices } = pricing.found;
  const perMillion = (usd: number | undefined) => (usd === undefined ? 'the input price' : `$${usd}/M`);
  const writePrice = perMillion(lifetime.lifetime === '1h' ? prices.cacheWriteHour : prices.cacheWrite);
  const writeName = lifetime.lifetime === '1h' ? '1-hour' : '5-minute';
  const head = headTokens > 0 ? `reads only the system prompt and tools (${formatInteger(headTokens)} tokens) from the cache` : 'reads nothing from the cache (no system prompt and tools are counted here)';
  return `Cost: ${pricing.model} at ${priceOriginWords(pricing.found, pricing)}. After a compaction the next agent call ${head} and writes the rest of the compacted context at the ${writeName} write price (${writePrice}); without compacting it reads the whole context from the cache (${perMillion(prices.cacheRead)}). Assumed: ${lifetime.words}, and a warm cache; the new message and the output are the same either way and left out. Summarizer calls at their own prices.`;
}
