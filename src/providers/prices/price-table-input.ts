import type { ModelPrice, PriceOverrides } from './overrides';

/** The most models a stored or pasted price table may list; more is not a price table. */
const maximumModels = 500;

const cacheFields = ['cacheReadPerMillion', 'cacheWritePerMillion', 'cacheWriteHourPerMillion'] as const;

const isAmount = (amount: unknown): amount is number => typeof amount === 'number' && Number.isFinite(amount) && amount >= 0;

/** A price table read from outside input, or where it went wrong: the field (`model.inputPerMillion`) and why. */
export type PriceTableReading = { ok: true; table: PriceOverrides } | { ok: false; field: string; problem: string };

/** One entry as this build understands it: two prices, and each cache price it names a price too; else the field that is not. */
function readPrice(value: unknown): ModelPrice | { field: string; problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { field: '', problem: 'is not an object of prices per million tokens' };
  const fields = value as Record<string, unknown>;
  for (const field of ['inputPerMillion', 'outputPerMillion'] as const) {
    if (!isAmount(fields[field])) return { field: `.${field}`, problem: fields[field] === undefined ? 'is missing' : 'is not a non-negative number of US dollars' };
  }
  const price: ModelPrice = { inputPerMillion: fields.inputPerMillion as number, outputPerMillion: fields.outputPerMillion as number };
  for (const field of cacheFields) {
    const amount = fields[field];
    if (amount === undefined) continue;
    if (!isAmount(amount)) return { field: `.${field}`, problem: 'is not a non-negative number of US dollars' };
    price[field] = amount;
  }
  return price;
}

/**
 * The user's price overrides read from outside input (stored settings, a pasted table, the CLI's `--prices` file):
 * every entry must be a model id with non-negative input and output prices (and cache prices, where given), or the
 * whole table is refused, naming the first field that is wrong — a half-read table would price some calls and
 * silently not others.
 */
export function readPriceTableAt(value: unknown): PriceTableReading {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, field: '(root)', problem: 'is not an object of model ids to prices' };
  const entries = Object.entries(value);
  if (entries.length > maximumModels) return { ok: false, field: '(root)', problem: `lists ${entries.length} models; a price table lists at most ${maximumModels}` };
  const table: PriceOverrides = {};
  for (const [model, entry] of entries) {
    if (model.trim() === '' || model.length > 200) return { ok: false, field: JSON.stringify(model.slice(0, 40)), problem: 'is not a model id' };
    const price = readPrice(entry);
    if ('problem' in price) return { ok: false, field: `${model}${price.field}`, problem: price.problem };
    table[model] = price;
  }
  return { ok: true, table };
}

/** `readPriceTableAt` for a reader that only keeps or drops the table (the page's stored settings): undefined when refused. */
export function readPriceTable(value: unknown): PriceOverrides | undefined {
  const reading = readPriceTableAt(value);
  return reading.ok ? reading.table : undefined;
}
