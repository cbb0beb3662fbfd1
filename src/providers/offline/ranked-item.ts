import { wordSafeHead, wordSafeTail } from './bounded-items';

/**
 * An item a section may carry, with how much it matters: the summary takes items by rank until its budget is spent,
 * then writes each section's chosen items in the section's own order. `variants` are shorter forms, tried in turn
 * when the full text does not fit.
 */
export interface RankedItem {
  text: string;
  /** Lower is taken first: `tier * 1000 + position` (position 0 is the most wanted item of its kind). */
  rank: number;
  variants?: string[];
  /**
   * Longer forms wanted only at a later rank: the item is first taken in its own forms, and at `fuller.rank` the
   * longest of these that the budget still allows replaces it. A long message then costs a few lines until every
   * other kind has had its share, rather than a screenful up front.
   */
  fuller?: { rank: number; forms: string[] };
}

/** Ranks of the tiers, from what the next step needs to what only fills room left over. */
export const tier = { now: 0, work: 1000, record: 2000, history: 3000, rest: 4000 } as const;

/**
 * How many items of a kind are wanted at which rank: `[[8, tier.work], [Infinity, tier.history]]` takes the 8 most
 * wanted with the work in hand and the rest only with the history, so no kind crowds the others out of the budget.
 */
export type Quotas = ReadonlyArray<readonly [count: number, base: number]>;

/** The rank of the item at `preference` (0 = most wanted) under the quotas. */
function rankUnder(quotas: Quotas, preference: number): number {
  let start = 0;
  for (const [count, base] of quotas) {
    if (preference < start + count) return base + (preference - start);
    start += count;
  }
  return tier.rest + preference;
}

/** Items in display order, the newest (last) the most wanted. */
export function newestFirst(texts: readonly string[], quotas: Quotas, variantsOf?: (text: string) => string[]): RankedItem[] {
  return texts.map((text, index) => ({ text, rank: rankUnder(quotas, texts.length - 1 - index), ...(variantsOf ? { variants: variantsOf(text) } : {}) }));
}

/** Items in display order, the first the most wanted. */
export function firstFirst(texts: readonly string[], quotas: Quotas): RankedItem[] {
  return texts.map((text, index) => ({ text, rank: rankUnder(quotas, index) }));
}

/**
 * The text with its middle cut out when longer than `maxChars` (whitespace collapsed): the head and the tail are what
 * a long message is usually about, so it is trimmed, never dropped. Cuts fall between words (`wordSafeHead`), never
 * inside one, and the gap is marked `[…]`.
 */
export function trimMiddle(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const headChars = Math.ceil(maxChars * 0.6);
  const tailChars = Math.max(0, maxChars - headChars - 5);
  const tail = wordSafeTail(flat, tailChars);
  return tail === '' ? `${wordSafeHead(flat, maxChars - 4)} […]` : `${wordSafeHead(flat, headChars)} […] ${tail}`;
}
