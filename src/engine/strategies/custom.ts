import type { HarnMessage } from './harn-message';
import type { StrategyOutput } from './strategy-output';
import { truncateSummary } from './truncate';

/**
 * Reads a custom compactor's return value the way seed 3 does (spec §3.5): an object's `summary`, else its `text`
 * (shown as text); a string as is; null or undefined as ''; anything else pretty-printed as JSON.
 */
export function readCustomResult(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const field = 'summary' in record ? record.summary : 'text' in record ? record.text : undefined;
    if (field !== undefined) return displayValue(field);
  }
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return prettyJson(value);
}

/** Harn's `display()` of a value: strings bare, nil empty, everything else as compact JSON. */
function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // Cyclic or BigInt values cannot be JSON; their string form is the best the summary can carry.
    return String(value);
  }
}

/**
 * Seed 3's custom strategy output: `[auto-compacted {N} older messages]\n{s}`, or the truncate summary when the
 * compactor's text is empty (blank counts as empty, as in the seed's `trim().is_empty()`).
 */
export function customSummaryFromResult(value: unknown, archived: readonly HarnMessage[], archivedCount: number): StrategyOutput {
  const text = readCustomResult(value);
  if (text.trim().length === 0) return truncateSummary(archived, archivedCount);
  return { text: `[auto-compacted ${archivedCount} older messages]\n${text}`, archivedFates: archived.map(() => 'summarized') };
}
