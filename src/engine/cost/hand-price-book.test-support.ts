import type { CallPrices, PriceBook, TokenPrices } from './prices';

/** Claude's prices by family (USD per million tokens), written by hand for tests: no catalog is read. */
const byPrefix: [string, TokenPrices][] = [
  ['claude-opus-4', { input: 5, output: 25, cacheWrite: 6.25, cacheWriteHour: 10, cacheRead: 0.5 }],
  ['claude-haiku-4', { input: 1, output: 5, cacheWrite: 1.25, cacheWriteHour: 2, cacheRead: 0.1 }],
  // OpenAI-style: no write premium, so no write price of its own.
  ['gpt-5', { input: 1.25, output: 10, cacheRead: 0.125 }],
];

/** A model whose price doubles above 200k prompt tokens, and another whose price dropped on 2026-01-01. */
const tiered: TokenPrices = { input: 3, output: 15, cacheRead: 0.3 };
const tieredLong: TokenPrices = { input: 6, output: 22.5, cacheRead: 0.6 };
const dated = { before: { input: 10, output: 30 }, after: { input: 2, output: 8 } } satisfies Record<string, TokenPrices>;

/**
 * A small hand-made price book: Claude Opus 4.x and Haiku 4.x (any dated spelling), `gpt-5*`, `tiered-model` (long
 * context above 200k) and `dated-model` (cheaper from 2026-01-01); any other model is unknown.
 */
export const handPriceBook: PriceBook = {
  source: 'hand-made test prices',
  asOf: '2026-09-23',
  pricesFor(model, call): CallPrices | undefined {
    if (model === 'tiered-model') return { prices: (call?.promptTokens ?? 0) > 200_000 ? tieredLong : tiered, origin: 'catalog' };
    if (model === 'dated-model') return { prices: (call?.at ?? '') >= '2026-01-01' ? dated.after : dated.before, origin: 'catalog' };
    const found = byPrefix.find(([prefix]) => model.startsWith(prefix));
    return found ? { prices: found[1], origin: 'catalog', matchedModel: found[0] } : undefined;
  },
};
