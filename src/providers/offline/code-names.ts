/** Names shaped like code, read from edits and error lines: what an edit added or removed, what a file defines. */

// A dotted or `::`-joined name, optionally ending in `?` or `!` (Elixir, Ruby) and an `/arity`.
const namePattern = /[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*[?!]?(?:\/\d)?/g;
const definitionPattern =
  /\b(?:def|defp|defmodule|defmacro|function|class|interface|type|enum|struct|trait|impl|module|fn|func|const|let|var|val|object|record)\s+([A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*[?!]?)/g;

// Longer text is read up to here: an edit's strings and a written file can be large, and their head names the most.
const maxScannedChars = 20_000;

/** camelCase, PascalCase with two humps, snake_case, or a dotted name of real parts: a name, not an English word. */
function isCodeShaped(name: string): boolean {
  const bare = name.replace(/[?!]$|\/\d$/, '');
  if (bare.length < 4) return false;
  if (/[a-z0-9][A-Z]/.test(bare) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(bare)) return true;
  const parts = bare.split(/\.|::/);
  return parts.length >= 2 && parts.every((part) => part.length >= 2) && /^[A-Z]/.test(parts[0]);
}

/** The code-shaped names in text, in first-seen order, each once. */
export function codeNames(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.slice(0, maxScannedChars).matchAll(namePattern)) if (isCodeShaped(match[0])) seen.add(match[0]);
  return [...seen];
}

// Words that follow a definition keyword without being a name (`type: true`, `let mut`, `const enum`).
const notNames = new Set(['true', 'false', 'null', 'none', 'self', 'this', 'async', 'static', 'public', 'private', 'final', 'enum', 'class', 'type', 'function', 'const', 'struct', 'object']);

/** Names a text defines (`def name`, `function name`, `class Name`, …), in order, each once. */
export function definedNames(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.slice(0, maxScannedChars).matchAll(definitionPattern)) {
    if (match[1].length >= 4 && !notNames.has(match[1].toLowerCase())) seen.add(match[1]);
  }
  return [...seen];
}

/** What an edit did to the names in a file: the ones its new text brings in, and the ones it takes out. */
export interface NameChange {
  added: string[];
  removed: string[];
}

/** Names in `after` and not in `before` (definitions first), and the other way round. */
export function nameChange(before: string, after: string): NameChange {
  const old = new Set([...codeNames(before), ...definedNames(before)]);
  const fresh = new Set([...codeNames(after), ...definedNames(after)]);
  const defined = definedNames(after).filter((name) => !old.has(name));
  const added = [...new Set([...defined, ...[...fresh].filter((name) => !old.has(name))])];
  return { added, removed: [...old].filter((name) => !fresh.has(name)) };
}
