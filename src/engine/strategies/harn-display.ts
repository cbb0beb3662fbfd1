import { harnFloatDisplay, serdeJsonFloat } from './harn-number-text';
import type { HarnValue } from './harn-value';

/**
 * Harn's `display()` of a value (seed 3, `value/core.rs`): strings bare, even inside lists and dicts; `nil`; lists as
 * `[a, b]`; dicts as `{k: v}` in key order; floats as Rust prints them.
 */
export function harnDisplay(value: HarnValue): string {
  switch (value.kind) {
    case 'nil':
      return 'nil';
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'int':
      return value.text;
    case 'float':
      return harnFloatDisplay(value.value);
    case 'string':
      return value.value;
    case 'list':
      return `[${value.items.map(harnDisplay).join(', ')}]`;
    case 'dict':
      return `{${value.entries.map(([key, item]) => `${key}: ${harnDisplay(item)}`).join(', ')}}`;
  }
}

/**
 * `serde_json::to_string_pretty` of the value's JSON (`vm_value_to_json`): two-space indent, keys in byte order (no
 * `preserve_order` feature), floats as serde_json writes them. Strings are escaped as JSON escapes them; for valid
 * Unicode text JavaScript's escaping and serde_json's agree byte for byte.
 */
export function harnPrettyJson(value: HarnValue, indent = ''): string {
  const inner = `${indent}  `;
  switch (value.kind) {
    case 'nil':
      return 'null';
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'int':
      return value.text;
    case 'float':
      return serdeJsonFloat(value.value);
    case 'string':
      return JSON.stringify(value.value);
    case 'list':
      if (value.items.length === 0) return '[]';
      return `[\n${value.items.map((item) => `${inner}${harnPrettyJson(item, inner)}`).join(',\n')}\n${indent}]`;
    case 'dict':
      if (value.entries.length === 0) return '{}';
      return `{\n${value.entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${harnPrettyJson(item, inner)}`).join(',\n')}\n${indent}}`;
  }
}

/** Unicode White_Space, what Rust's `trim` removes: U+0085 is in it and U+FEFF is not (the reverse of JS `trim`). */
const rustWhiteSpace = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const rustBlank = new RegExp(`^[${rustWhiteSpace}]*$`);
const rustEdges = new RegExp(`^[${rustWhiteSpace}]+|[${rustWhiteSpace}]+$`, 'g');

/** Rust's `str::trim().is_empty()`. */
export function isRustBlank(text: string): boolean {
  return rustBlank.test(text);
}

/** Rust's `str::trim()`. */
export function rustTrim(text: string): string {
  return text.replace(rustEdges, '');
}
