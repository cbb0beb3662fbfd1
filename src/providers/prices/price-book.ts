import type { calcPrice as CalcPrice, ModelInfo } from '@pydantic/genai-prices';
import type { CallPrices, KindOrigins, PriceBook, TokenPrices } from '../../engine';
import { catalogAsOf, catalogSource } from './catalog';
import { catalogPrices } from './catalog-prices';
import { overrideFor, type ModelPrice, type PriceOverrides } from './overrides';

/**
 * The catalog's model for an id, by the catalog's own match rules (its `calcPrice` finds the provider and the model,
 * dated spellings included): the id as written first, then without each leading `vendor/` segment in turn
 * (`anthropic/claude-opus-4-6`, `openrouter/openai/gpt-5.2`). An id no rule matches has no model: its cost is unknown.
 */
function catalogModelOf(calcPrice: typeof CalcPrice, model: string): ModelInfo | undefined {
  const segments = model.trim().split('/');
  for (let start = 0; start < segments.length; start++) {
    const candidate = segments.slice(start).join('/');
    if (candidate === '') continue;
    // Matching does not depend on the date; any fixed instant keeps the package from reading the clock.
    const found = calcPrice({}, candidate, { timestamp: matchInstant })?.model;
    if (found) return found;
  }
  return undefined;
}

const matchInstant = new Date(Date.UTC(2026, 0, 1));

/** The user's price by kind of token; a cache price the user left out keeps the catalog's. */
function overridden(price: ModelPrice, catalog: TokenPrices | undefined): TokenPrices {
  const prices: TokenPrices = { input: price.inputPerMillion, output: price.outputPerMillion };
  const cacheRead = price.cacheReadPerMillion ?? catalog?.cacheRead;
  const cacheWrite = price.cacheWritePerMillion ?? catalog?.cacheWrite;
  const cacheWriteHour = price.cacheWriteHourPerMillion ?? catalog?.cacheWriteHour;
  if (cacheRead !== undefined) prices.cacheRead = cacheRead;
  if (cacheWrite !== undefined) prices.cacheWrite = cacheWrite;
  if (cacheWriteHour !== undefined) prices.cacheWriteHour = cacheWriteHour;
  return prices;
}

/** Which of the override's prices are the user's, which the catalog's, and which (neither gave one) the input price. */
function kindOriginsOf(price: ModelPrice, prices: TokenPrices): KindOrigins {
  const cacheOrigin = (given: number | undefined, kept: number | undefined) => (given !== undefined ? 'yours' : kept !== undefined ? 'catalog' : 'input price');
  return {
    input: 'yours',
    output: 'yours',
    cacheRead: cacheOrigin(price.cacheReadPerMillion, prices.cacheRead),
    cacheWrite: cacheOrigin(price.cacheWritePerMillion, prices.cacheWrite),
    cacheWriteHour: cacheOrigin(price.cacheWriteHourPerMillion, prices.cacheWriteHour),
  };
}

/** A price book over the loaded catalog with `overrides` on top; a call with no time is priced as of `now`. */
function priceBookFrom(calcPrice: typeof CalcPrice, overrides: PriceOverrides, now: Date): PriceBook {
  const models = new Map<string, ModelInfo | null>();
  const modelOf = (model: string) => {
    if (!models.has(model)) models.set(model, catalogModelOf(calcPrice, model) ?? null);
    return models.get(model) ?? undefined;
  };
  return {
    source: catalogSource,
    asOf: catalogAsOf,
    pricesFor(model, call = {}): CallPrices | undefined {
      const stated = call.at === undefined ? now : new Date(call.at);
      const at = Number.isNaN(stated.getTime()) ? now : stated;
      const found = modelOf(model);
      const catalog = found && catalogPrices(found, { promptTokens: call.promptTokens ?? 0, at });
      const override = overrideFor(model, overrides);
      if (override) {
        const prices = overridden(override.price, catalog);
        return { prices, origin: 'override', kindOrigins: kindOriginsOf(override.price, prices) };
      }
      if (!found || !catalog) return undefined;
      return { prices: catalog, origin: 'catalog', ...(found.id === model ? {} : { matchedModel: found.id }) };
    },
  };
}

/**
 * The price book every cost figure reads: `@pydantic/genai-prices` (loaded on first use with a dynamic `import()`, so
 * the page's first download does not carry its 830 KB) with the user's `overrides` on top. Lookups are synchronous.
 * A call priced without a time (`at`) takes the prices in force when the book was loaded; `promptTokens` (every input
 * token of the call, cached or not) picks a long-context tier as the catalog does (above the tier's start).
 */
export async function loadPriceBook(overrides: PriceOverrides = {}): Promise<PriceBook> {
  const { calcPrice } = await import('@pydantic/genai-prices');
  return priceBookFrom(calcPrice, overrides, new Date());
}
