/** A model's list price, in US dollars per one million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Model id → price. Users edit it (prices change; local models are free only when the user says so). */
export type PriceTable = Record<string, ModelPrice>;

/**
 * Published list prices of a few well-known models (USD per 1M tokens, standard tier, no caching or batch discounts),
 * as known when this table was written. They go stale: the app lets the user edit them, and a model not listed has
 * an unknown cost rather than a guessed one.
 */
export const defaultPriceTable: PriceTable = {
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'claude-3-5-haiku': { inputPerMillion: 0.8, outputPerMillion: 4 },
  'claude-3-5-sonnet': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-sonnet-4': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-opus-4': { inputPerMillion: 15, outputPerMillion: 75 },
  'gemini-2.0-flash': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  'gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10 },
};

/** Token counts as a provider reports them; either may be missing. */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * The table entry for a model id. Matches the id itself, the id without an OpenRouter-style `vendor/` prefix, and the
 * id with a dated or `-latest` snapshot suffix (`claude-3-5-haiku-20241022`, `gpt-4o-2024-08-06`). Nothing looser:
 * a near miss must read as "cost unknown", not borrow another model's price.
 */
export function priceOf(model: string, table: PriceTable = defaultPriceTable): ModelPrice | undefined {
  const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  for (const candidate of [model, bare]) {
    if (Object.hasOwn(table, candidate)) return table[candidate];
    const undated = candidate.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, '');
    if (undated !== candidate && Object.hasOwn(table, undated)) return table[undated];
  }
  return undefined;
}

/**
 * The cost of one call in US dollars, or null when it is unknown: the model is not in the table, or the provider
 * reported no token counts. Never 0 for "unknown" — a zero would read as "free".
 */
export function costOf(model: string, usage: TokenUsage | undefined, table: PriceTable = defaultPriceTable): number | null {
  const price = priceOf(model, table);
  if (!price || !usage || usage.inputTokens === undefined || usage.outputTokens === undefined) return null;
  return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000;
}
