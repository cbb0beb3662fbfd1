import type { ConditionalPrice, ModelInfo, ModelPrice as CatalogPrice, TimeOfDateConstraint } from '@pydantic/genai-prices';
import type { TokenPrices } from '../../engine';

/**
 * The catalog's price entry in force at `at`, by the package's own rule: the last entry whose constraint holds (a start
 * date on or before `at`, or a time-of-day window around it), else the first.
 */
function entryAt(prices: ConditionalPrice[], at: Date): CatalogPrice {
  for (let index = prices.length - 1; index >= 0; index--) {
    const { constraint, prices: entry } = prices[index];
    if (constraint === undefined) return entry;
    const holds = constraint.type === 'start_date' ? at >= new Date(constraint.start_date) : withinWindow(constraint, at);
    if (holds) return entry;
  }
  return prices[0].prices;
}

/** Seconds after midnight UTC of a catalog time like `16:30:00Z` or `01:00:00+08:00`, or undefined when unreadable. */
function secondsUtc(time: string): number | undefined {
  const parts = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(time);
  if (!parts) return undefined;
  const [, hours, minutes, seconds, zone, sign, zoneHours = '0', zoneMinutes = '0'] = parts;
  const offset = zone === 'Z' ? 0 : (sign === '+' ? 1 : -1) * (Number(zoneHours) * 3600 + Number(zoneMinutes) * 60);
  return (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) - offset + 86_400) % 86_400;
}

/** Whether `at` falls in a daily window (one that wraps past midnight included), as the package reads it. */
function withinWindow(window: TimeOfDateConstraint, at: Date): boolean {
  const start = secondsUtc(window.start_time);
  const end = secondsUtc(window.end_time);
  if (start === undefined || end === undefined) return false;
  const now = at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds();
  return end < start ? now >= start || now < end : now >= start && now < end;
}

/**
 * One price key at a call's size: a flat number, or a long-context tier's price once the call's input tokens (cached
 * or not, as the package counts them) exceed the tier's start.
 */
function atSize(value: CatalogPrice[string], promptTokens: number): number | undefined {
  if (typeof value === 'number' || value === undefined) return value;
  let price = value.base;
  for (const tier of [...value.tiers].sort((a, b) => a.start - b.start)) if (promptTokens > tier.start) price = tier.price;
  return price;
}

/**
 * A catalog model's prices for one call by kind of token, or undefined when the entry has no text input or output price
 * (an embedding, image or audio model: its cost for a chat call is unknown, never 0).
 */
export function catalogPrices(model: ModelInfo, call: { promptTokens: number; at: Date }): TokenPrices | undefined {
  const entry = Array.isArray(model.prices) ? entryAt(model.prices, call.at) : model.prices;
  const read = (key: string) => atSize(entry[key], call.promptTokens);
  const input = read('input_mtok');
  const output = read('output_mtok');
  if (input === undefined || output === undefined) return undefined;
  const prices: TokenPrices = { input, output };
  const cacheRead = read('cache_read_mtok');
  const cacheWrite = read('cache_write_mtok');
  const cacheWriteHour = read('cache_write_1h_mtok');
  if (cacheRead !== undefined) prices.cacheRead = cacheRead;
  if (cacheWrite !== undefined) prices.cacheWrite = cacheWrite;
  if (cacheWriteHour !== undefined) prices.cacheWriteHour = cacheWriteHour;
  return prices;
}
