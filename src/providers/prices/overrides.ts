/**
 * A model's price as the user writes it, in US dollars per one million tokens. Input and output are always given; a
 * cache price left out keeps the catalog's (or, for a model the catalog lacks, costs the input price).
 */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  cacheReadPerMillion?: number;
  /** The default (Anthropic: 5-minute) cache write, or the provider's only one. */
  cacheWritePerMillion?: number;
  /** Anthropic's 1-hour cache write. */
  cacheWriteHourPerMillion?: number;
}

/** Model id → the user's price, which wins over the catalog's (prices change; a local model is free only when the user says so). */
export type PriceOverrides = Record<string, ModelPrice>;

/**
 * The user's entry for a model id: the id itself, the id without an OpenRouter-style `vendor/` prefix, or the id with a
 * dated or `-latest` snapshot suffix removed (`claude-3-5-haiku-20241022`, `gpt-4o-2024-08-06`). Nothing looser: a
 * near miss must not borrow another model's price.
 */
export function overrideFor(model: string, overrides: PriceOverrides): { key: string; price: ModelPrice } | undefined {
  const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  for (const candidate of [model, bare]) {
    if (Object.hasOwn(overrides, candidate)) return { key: candidate, price: overrides[candidate] };
    const undated = candidate.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, '');
    if (undated !== candidate && Object.hasOwn(overrides, undated)) return { key: undated, price: overrides[undated] };
  }
  return undefined;
}
