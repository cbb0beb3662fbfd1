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
  /** What the new text uses from elsewhere and the old did not (imports, aliases, qualified names): see `usedNames`. */
  uses: string[];
}

/** Names in `after` and not in `before` (definitions first), the other way round, and what `after` newly uses. */
export function nameChange(before: string, after: string): NameChange {
  const old = new Set([...codeNames(before), ...definedNames(before)]);
  const fresh = new Set([...codeNames(after), ...definedNames(after)]);
  const defined = definedNames(after).filter((name) => !old.has(name));
  const added = [...new Set([...defined, ...[...fresh].filter((name) => !old.has(name))])];
  const usedBefore = new Set(usedNames(before));
  return { added, removed: [...old].filter((name) => !fresh.has(name)), uses: usedNames(after).filter((name) => !usedBefore.has(name)) };
}

// What a text imports: `import … from 'm'`, `require('m')`, Python's `from m import a, b` and `import m`, Elixir's
// `alias`/`require`/`import`/`use M.N`, Rust's `use a::b`, Java's `import a.b.C;`, and Go's quoted import paths.
// A line's indentation is `[ \t]*`, never `\s*`: with the `m` flag `^\s*` runs on across blank lines from every line
// start, quadratic on a pasted text of many blank lines.
const importPatterns: readonly RegExp[] = [
  /\bfrom\s+['"]([^'"\n]{2,120})['"]/g,
  /\brequire\(\s*['"]([^'"\n]{2,120})['"]\s*\)/g,
  /^[ \t]*import[ \t]+['"]([^'"\n]{2,120})['"]/gm,
  /^[ \t]*from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+([\w, ]+)/gm,
  /^[ \t]*(?:alias|require|import|use)[ \t]+([A-Z][\w]*(?:\.[A-Z][\w]*)+|[a-z_][\w]*(?:::[A-Za-z_][\w]*)+|[a-z][\w]*(?:\.[a-z][\w]*)+\.[A-Z][\w]*)/gm,
  /^[ \t]*(?:[a-z_]\w*[ \t]+)?"((?:[\w.-]+\/)+[\w.-]+)"[ \t]*$/gm,
];
// `pkg.Func` and `pkg.Type` (Go), `Module.fun` (Elixir, Ruby, Java statics): a qualified name with a capital part.
const qualifiedPattern = /(?<![\w$.])([a-z][a-z0-9]+\.[A-Z][A-Za-z0-9_]*|[A-Z][A-Za-z0-9_]*(?:\.[A-Z][A-Za-z0-9_]*)*\.[a-z_][\w]*[?!]?)(?![\w$])/g;
const selfReceivers = /^(?:this|self|super|it|cls)\./;
// The language's own namespaces (`Math.max`, `JSON.stringify`, `Object.keys`, `Promise.all`): every file uses them, and
// a reader need not be told where they come from.
const builtInNamespaces = new Set([
  'Math', 'JSON', 'Object', 'Promise', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Reflect', 'Proxy', 'Date', 'RegExp',
  'Error', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Intl', 'Atomics', 'ArrayBuffer', 'DataView', 'Function', 'URL', 'Buffer', 'console',
]);

/**
 * The names a text uses from elsewhere: the modules and names it imports (aliases, requires), and the qualified names
 * it calls or declares with (`fmt.Errorf`, `logging.WithAgent`, `Ecto.Query.from`, `context.Context` in a signature),
 * in first-seen order, each once. What new code reaches for is what its next edit and its reader need named.
 */
export function usedNames(text: string): string[] {
  const head = text.slice(0, maxScannedChars);
  const seen = new Set<string>();
  for (const pattern of importPatterns) {
    for (const match of head.matchAll(pattern)) {
      seen.add(match[1].trim());
      for (const name of (match[2] ?? '').split(',')) if (name.trim().length >= 3) seen.add(name.trim());
    }
  }
  const locals = localNames(head);
  for (const match of head.matchAll(qualifiedPattern)) {
    const qualifier = match[1].slice(0, match[1].indexOf('.'));
    if (!selfReceivers.test(match[1]) && match[1].length >= 5 && !locals.has(qualifier) && !builtInNamespaces.has(qualifier)) seen.add(match[1]);
  }
  return [...seen];
}

// A name the text assigns (`now := …`, `x = …`) or takes as a parameter (`(t *testing.T`, `, state *State`).
const assignedPattern = /\b([a-z]\w*)\s*:?=(?![=>])/g;
const parameterPattern = /[(,]\s*([a-z]\w*)\s+[*[\]]*[A-Za-z]/g;

/** The lower-case names a text declares itself: `state.SessionID` on one of them is a field, not another package's name. */
function localNames(text: string): Set<string> {
  return new Set([...text.matchAll(assignedPattern), ...text.matchAll(parameterPattern)].map((match) => match[1]));
}
