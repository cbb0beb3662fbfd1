/** Returns a copy of a JSON value with every object's keys sorted, so the same config always serializes the same way. */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const entry = (value as Record<string, unknown>)[key];
    // JSON drops undefined members; dropping them here keeps the sorted copy and its text in step.
    if (entry !== undefined) sorted[key] = sortKeysDeep(entry);
  }
  return sorted;
}

/**
 * Canonical JSON: keys sorted at every depth, two-space indent, no trailing newline. Two equal configs always give
 * the same text, so shared files diff cleanly and a link carries the same bytes for the same config.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value), null, 2);
}
