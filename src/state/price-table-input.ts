import type { ModelPrice, PriceOverrides } from '../providers/prices/overrides';

/** The most models a stored or pasted price table may list; more is not a price table. */
const maximumModels = 500;

const cacheFields = ['cacheReadPerMillion', 'cacheWritePerMillion', 'cacheWriteHourPerMillion'] as const;

const isAmount = (amount: unknown): amount is number => typeof amount === 'number' && Number.isFinite(amount) && amount >= 0;

/** One entry as this build understands it: two prices, and each cache price it names a price too; else undefined. */
function readPrice(value: unknown): ModelPrice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  if (!isAmount(fields.inputPerMillion) || !isAmount(fields.outputPerMillion)) return undefined;
  const price: ModelPrice = { inputPerMillion: fields.inputPerMillion, outputPerMillion: fields.outputPerMillion };
  for (const field of cacheFields) {
    const amount = fields[field];
    if (amount === undefined) continue;
    if (!isAmount(amount)) return undefined;
    price[field] = amount;
  }
  return price;
}

/**
 * The user's price overrides read from outside input (stored settings, a pasted table): every entry must be a model id
 * with non-negative input and output prices (and cache prices, where given), or the whole table is refused — a
 * half-read table would price some calls and silently not others.
 */
export function readPriceTable(value: unknown): PriceOverrides | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length > maximumModels) return undefined;
  const table: PriceOverrides = {};
  for (const [model, entry] of entries) {
    const price = readPrice(entry);
    if (model.trim() === '' || model.length > 200 || !price) return undefined;
    table[model] = price;
  }
  return table;
}
