import type { TokenPrices } from '../../engine';
import type { ModelPrice } from '../../providers/prices/overrides';

/** The prices a user can set for a model, in the order the editor shows them; input and output are required. */
export const priceFields = [
  { field: 'inputPerMillion', label: 'input', kind: 'input', required: true },
  { field: 'outputPerMillion', label: 'output', kind: 'output', required: true },
  { field: 'cacheReadPerMillion', label: 'cache read', kind: 'cacheRead', required: false },
  { field: 'cacheWritePerMillion', label: 'cache write', kind: 'cacheWrite', required: false },
  { field: 'cacheWriteHourPerMillion', label: 'cache write 1h', kind: 'cacheWriteHour', required: false },
] as const satisfies readonly { field: keyof ModelPrice; label: string; kind: keyof TokenPrices; required: boolean }[];

/** A price field's text as dollars per million tokens, or undefined when it is not a non-negative number. */
export function readAmount(text: string): number | undefined {
  const amount = Number(text);
  return text.trim() !== '' && Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/** Dollars per million tokens as a person writes them: `$5`, `$0.075`, `$1.25`. */
function dollars(perMillion: number): string {
  return `$${Number(perMillion.toFixed(6))}`;
}

/**
 * One model's prices in a line, per million tokens: `$5 input · $25 output · $0.5 cache read · …`. A kind the prices
 * leave out costs the input price, so it is not named.
 */
export function pricesInWords(prices: TokenPrices): string {
  return priceFields
    .flatMap(({ kind, label }) => (prices[kind] === undefined ? [] : [`${dollars(prices[kind])} ${label}`]))
    .join(' · ');
}
