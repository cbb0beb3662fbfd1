import type { ModelPrice, PriceTable } from '../providers/live/pricing';

/** The most models a stored or pasted price table may list; more is not a price table. */
const maximumModels = 500;

function isPrice(value: unknown): value is ModelPrice {
  if (typeof value !== 'object' || value === null) return false;
  const { inputPerMillion, outputPerMillion } = value as Record<string, unknown>;
  const isAmount = (amount: unknown) => typeof amount === 'number' && Number.isFinite(amount) && amount >= 0;
  return isAmount(inputPerMillion) && isAmount(outputPerMillion);
}

/**
 * A price table read from outside input (stored settings, a pasted table): every entry must be a model id with two
 * non-negative prices, or the whole table is refused — a half-read table would price some calls and silently not others.
 */
export function readPriceTable(value: unknown): PriceTable | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length > maximumModels) return undefined;
  const table: PriceTable = {};
  for (const [model, price] of entries) {
    if (model.trim() === '' || model.length > 200 || !isPrice(price)) return undefined;
    table[model] = { inputPerMillion: price.inputPerMillion, outputPerMillion: price.outputPerMillion };
  }
  return table;
}
