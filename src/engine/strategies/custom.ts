import { harnDisplay, harnPrettyJson, isRustBlank } from './harn-display';
import type { HarnMessage } from './harn-message';
import { dictEntry, toHarnValue } from './harn-value';
import type { StrategyOutput } from './strategy-output';
import { truncateSummary } from './truncate';

/**
 * Reads a custom compactor's return value the way seed 3 does (`compact_summary_text_from_value`, spec §3.5): a
 * dict's `summary` key, else its `text` key, shown with harn's `display()`, so a present nil `summary` wins and shows
 * as `nil`; a string as is; nil as ''; anything else (a list, a number, a dict with neither key) as pretty JSON with
 * sorted keys. The JavaScript value is first read as the harn value JSON would carry (see `toHarnValue`); a cyclic
 * value throws `UnrepresentableValueError`.
 */
export function readCustomResult(result: unknown): string {
  const value = toHarnValue(result);
  const field = dictEntry(value, 'summary') ?? dictEntry(value, 'text');
  if (field !== undefined) return harnDisplay(field);
  if (value.kind === 'string') return value.value;
  if (value.kind === 'nil') return '';
  return harnPrettyJson(value);
}

/**
 * Seed 3's custom strategy output: `[auto-compacted {N} older messages]\n{s}`, or the truncate summary when the
 * compactor's text is blank (Rust's `trim().is_empty()`).
 */
export function customSummaryFromResult(result: unknown, archived: readonly HarnMessage[], archivedCount: number): StrategyOutput {
  const text = readCustomResult(result);
  if (isRustBlank(text)) return truncateSummary(archived, archivedCount);
  return { text: `[auto-compacted ${archivedCount} older messages]\n${text}`, archivedFates: archived.map(() => 'summarized') };
}
