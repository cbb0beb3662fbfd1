import { durationParts } from './render-input';

const dartEscapes: Record<string, string> = { '\\': '\\\\', "'": "\\'", $: '\\$', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/**
 * A Dart single-quoted string literal of `text`: quotes, backslashes and `$` (Dart interpolates `$name` and `${…}`)
 * are escaped, and every control character is written as an escape so the literal stays on one line.
 */
export function dartString(text: string): string {
  let literal = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character in dartEscapes) literal += dartEscapes[character];
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) literal += `\\u{${code.toString(16)}}`;
    else literal += character;
  }
  return `'${literal}'`;
}

/** A Dart `double` literal (always with a fraction, so `1` reads as `1.0` where the seed takes a double). */
export function dartDouble(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** A `const Duration(…)` of a millisecond count, in the largest unit that holds it exactly. */
export function dartDuration(milliseconds: number): string {
  const { unit, amount } = durationParts(milliseconds);
  return `const Duration(${unit}: ${amount})`;
}

/** A JSON-shaped value as a Dart literal (strings, numbers, booleans, null, lists and string-keyed maps). */
export function dartValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return dartString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(dartValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => `${dartString(key)}: ${dartValue(entry)}`);
  return `{${entries.join(', ')}}`;
}
