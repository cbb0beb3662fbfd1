/**
 * Prices of one model for one call, in US dollars per million tokens, by kind of token. A kind the source prices as
 * plain input (OpenAI writes its cache at no premium) is absent and costs the input price.
 */
export interface TokenPrices {
  input: number;
  output: number;
  /** A token read from the prompt cache. */
  cacheRead?: number;
  /** A token written to the cache with the default lifetime (Anthropic: 5 minutes), or the provider's only write price. */
  cacheWrite?: number;
  /** A token written to the cache for an hour (Anthropic's 1-hour lifetime). */
  cacheWriteHour?: number;
}

/** Where a model's prices came from: the catalog, or the user's own override of it. */
export type PriceOrigin = 'catalog' | 'override';

/** Where one kind's price came from under a user's override: theirs, the catalog's, or the input price (neither gave one). */
export type KindOrigin = 'yours' | 'catalog' | 'input price';

/** Under a user's override, where each kind's price came from (a cache price the user left out keeps the catalog's). */
export type KindOrigins = Record<keyof TokenPrices, KindOrigin>;

/** The prices of one call, and where they came from. */
export interface CallPrices {
  prices: TokenPrices;
  origin: PriceOrigin;
  /** With `origin` override: each kind's own origin, so a figure can say which prices are the user's. */
  kindOrigins?: KindOrigins;
  /** The catalog's id of the model the prices belong to, when the model id was matched to another spelling. */
  matchedModel?: string;
}

/**
 * The prices every cost figure is read from: a maintained catalog, with the user's overrides on top. Lookups are
 * synchronous (the catalog is loaded before a book is made), so the engine can price calls as it replays.
 */
export interface PriceBook {
  /** Where the prices come from, in words a figure can cite, e.g. `@pydantic/genai-prices 0.1.8`. */
  source: string;
  /** The day the catalog's prices were published, `YYYY-MM-DD`. */
  asOf: string;
  /**
   * The prices of one call of `model`, or undefined when neither the catalog nor an override knows the model (its cost
   * is then unknown, never 0). `promptTokens` picks a long-context tier; `at` (ISO time) a price that changed on a date.
   */
  pricesFor(model: string, call?: { promptTokens?: number; at?: string }): CallPrices | undefined;
}

/** Tokens of one call by how they were billed. `uncachedInput` is input neither read from nor written to the cache. */
export interface BilledTokens {
  uncachedInput: number;
  cacheRead: number;
  /** Written with the default lifetime (or the provider's only one). */
  cacheWrite: number;
  /** Written with the one-hour lifetime. */
  cacheWriteHour: number;
  output: number;
}

/** US dollars by kind of token; the four kinds add up to the whole. */
export interface CostByKind {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/** What one call cost by kind at `prices`: a kind with no price of its own costs the input price. */
export function costByKind(tokens: BilledTokens, prices: TokenPrices): CostByKind {
  const perToken = (perMillion: number) => perMillion / 1_000_000;
  const write = prices.cacheWrite ?? prices.input;
  return {
    input: tokens.uncachedInput * perToken(prices.input),
    cacheWrite: tokens.cacheWrite * perToken(write) + tokens.cacheWriteHour * perToken(prices.cacheWriteHour ?? write),
    cacheRead: tokens.cacheRead * perToken(prices.cacheRead ?? prices.input),
    output: tokens.output * perToken(prices.output),
  };
}

/** The sum of two costs by kind. */
export function addCosts(a: CostByKind, b: CostByKind): CostByKind {
  return { input: a.input + b.input, cacheWrite: a.cacheWrite + b.cacheWrite, cacheRead: a.cacheRead + b.cacheRead, output: a.output + b.output };
}

/** No cost at all: the start of a sum. */
export const noCost: CostByKind = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 };

/** The whole of a cost by kind. */
export function totalOf(cost: CostByKind): number {
  return cost.input + cost.cacheWrite + cost.cacheRead + cost.output;
}
