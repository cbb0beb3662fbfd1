const harnEscapes: Record<string, string> = { '\\': '\\\\', '"': '\\"', $: '\\$', '\n': '\\n', '\t': '\\t' };

/**
 * A Harn string literal: `\\`, `"`, `$` (Harn interpolates `${…}`), newline and tab are escaped. Harn has no other
 * escapes, so any other character (a carriage return included) is written as it is; see {@link hasUnescapableCharacters}.
 */
export function harnString(text: string): string {
  return `"${[...text].map((character) => harnEscapes[character] ?? character).join('')}"`;
}

/** True when a text holds a control character a Harn string can only carry raw (its lexer has no escape for it). */
export function hasUnescapableCharacters(text: string): boolean {
  return [...text].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return (code < 0x20 && character !== '\n' && character !== '\t') || code === 0x7f;
  });
}

/** A JSON-shaped value as a Harn literal: dict keys are bare where they are identifiers (Harn reads them as strings). */
export function harnValue(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return harnString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(harnValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => `${/^[A-Za-z_]\w*$/.test(key) ? key : harnString(key)}: ${harnValue(entry)}`);
  return `{${entries.join(', ')}}`;
}

/** A Rust string literal (`"…"` with Rust's escapes; braces need no escaping outside `format!`). */
export function rustString(text: string): string {
  let literal = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\\' || character === '"') literal += `\\${character}`;
    else if (character === '\n') literal += '\\n';
    else if (character === '\r') literal += '\\r';
    else if (character === '\t') literal += '\\t';
    else if (code < 0x20 || code === 0x7f) literal += `\\u{${code.toString(16)}}`;
    else literal += character;
  }
  return `"${literal}"`;
}
