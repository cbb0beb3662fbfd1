/**
 * The hand-written price table earlier builds started every user with (input and output only, USD per million tokens)
 * and stored with any change to the settings. Kept only to recognise it in stored settings: prices now come from the
 * catalog, and an entry still at these figures was never the user's choice.
 */
const formerDefaultPrices: Record<string, { inputPerMillion: number; outputPerMillion: number }> = {
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

/** Whether a stored entry is exactly the former built-in price of its model (same two figures, nothing added). */
function isFormerDefault(model: string, entry: unknown): boolean {
  const former = Object.hasOwn(formerDefaultPrices, model) ? formerDefaultPrices[model] : undefined;
  if (!former || typeof entry !== 'object' || entry === null) return false;
  const fields = entry as Record<string, unknown>;
  return Object.keys(fields).length === 2 && fields.inputPerMillion === former.inputPerMillion && fields.outputPerMillion === former.outputPerMillion;
}

/**
 * A stored price table without the entries still at the former built-in figures: what is left is what the user
 * changed or added, which stays an override of the catalog. Anything that is not a table is returned as it was (the
 * store's reader judges it).
 */
export function withoutFormerDefaults(prices: unknown): unknown {
  if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) return prices;
  return Object.fromEntries(Object.entries(prices).filter(([model, entry]) => !isFormerDefault(model, entry)));
}
