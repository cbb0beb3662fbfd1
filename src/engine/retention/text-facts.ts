import { clip } from './normalize';

// File extensions a bare `name.ext` must end in to count as a path: prose like "e.g." or "v1.2" never does.
const fileExtensions =
  'tsx?|jsx?|mjs|cjs|jsonl?|mdx?|py|rb|rs|go|java|kts?|swift|c|h|cc|cpp|hpp|cs|exs?|erl|heex|eex|php|sh|bash|zsh|ya?ml|toml|ini|cfg|conf|lock|txt|log|csv|html?|s?css|sql|xml|svg|png|jpe?g|gif|env|proto|graphql|vue|svelte|dart|lua|zig|nix|gradle|tf|ipynb|patch|output';

const pathPattern = new RegExp(
  String.raw`(?<![\w.@+/~\\-])(?:` +
    // Rooted (`/a/b`, `~/a`, `./a`, `../a/b`) with at least two segments, or one after `~`/`.`/`..`.
    String.raw`(?:~|\.{1,2})?(?:\/[\w.@+-]+){2,}|(?:~|\.{1,2})\/[\w.@+-]+` +
    // Relative with two slashes or more (`src/engine/x`): one slash alone is too often prose ("and/or").
    String.raw`|[\w@+-][\w.@+-]*(?:\/[\w.@+-]+){2,}` +
    // A file name with a known extension, bare or under folders.
    String.raw`|[\w@+-][\w.@+-]*(?:\/[\w.@+-]+)*\.(?:${fileExtensions})(?![\w])` +
    ')',
  'g',
);
// Paths every shell session mentions; keeping them would only pad the score.
const boilerplatePaths = new Set(['/dev/null', '/usr/bin/env', '/bin/sh', '/bin/bash', '/usr/bin/bash', '/dev/stdout', '/dev/stderr']);
const urlPattern = /https?:\/\/[^\s<>"'`)\]}]+/g;

// Folder names projects conventionally have, matched case-insensitively anywhere in a relative path: `src/engine/retention`,
// `frontend/src/components`, `server/routes/users` and `Sources/App/Models` are paths without an extension, while a
// slash-joined word list (`start/touch/end`, `add/commit/push`) names none of them.
const conventionalFolders = new Set([
  'src', 'source', 'sources', 'lib', 'libs', 'test', 'tests', 'spec', 'specs', 'app', 'apps', 'packages', 'pkg', 'cmd', 'internal',
  'docs', 'doc', 'scripts', 'bin', 'priv', 'config', 'public', 'include', 'crates', 'modules', 'examples', 'tools', 'vendor',
  'node_modules', 'build', 'dist', 'target', 'assets', 'static', 'components', 'pages', 'migrations', 'fixtures', 'deps',
  'routes', 'handlers', 'services', 'api', 'web', 'server', 'client', 'frontend', 'backend', 'models', 'controllers', 'views',
  'utils', 'helpers', 'middleware', 'hooks', 'resources', 'templates', 'layouts', 'styles', 'android', 'ios',
  'home', 'usr', 'etc', 'var', 'tmp', 'opt',
  // Git's ref namespace (`refs/heads/main`): the files a branch or remote lives in.
  'refs',
]);

/**
 * Whether a relative path of plain segments (no leading `/`, `~/` or `./`) is shaped like a path rather than prose
 * joined by slashes (`start/touch/end/status/sweep`, `read/write/execute`): its last segment has an extension, some
 * segment carries what words do not (a digit, `_`, `-`, `.`, `@`, `+`, or a capital inside it, as `SessionRegistry`),
 * or some segment is a folder name projects conventionally have (`src`, `components`, `routes`, any case).
 */
function isPathShaped(path: string): boolean {
  if (/^(?:~|\.{1,2})?\//.test(path)) return true;
  const segments = path.split('/');
  if (/\.[A-Za-z0-9]{1,10}$/.test(segments[segments.length - 1])) return true;
  if (segments.some((segment) => /[\d_.@+-]|[a-z][A-Z]/.test(segment))) return true;
  return segments.some((segment) => conventionalFolders.has(segment.toLowerCase()));
}

/** Paths in text: rooted paths, relative paths shaped like paths (see `isPathShaped`), and file names with a known extension. */
export function findPaths(text: string): string[] {
  return [...text.matchAll(pathPattern)]
    .map((match) => match[0].replace(/[.-]+$/, ''))
    .filter((path) => path.length >= 4 && !boilerplatePaths.has(path) && !/^[A-Z][a-z]+\.js$/.test(path) && isPathShaped(path));
}

/** URLs in text, without trailing punctuation. */
export function findUrls(text: string): string[] {
  return [...text.matchAll(urlPattern)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
}

/** The text with URLs and paths blanked out, so their parts are not read again as identifiers or numbers. */
export function withoutLocations(text: string): string {
  return text.replace(urlPattern, ' ').replace(pathPattern, ' ');
}

const backticked = /`([A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)*)(?:\(\))?`/g;
const called = /(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((?!s\))/g;
// A neighbouring `-` makes a slug (`marshmallow-code__marshmallow-1867`), not an identifier.
const dotted = /(?<![\w$.-])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?![\w$(.-])/g;
const bare = /(?<![\w$.-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])(?![\w$.(-])/g;

// A bare host name (`example.com`) is a place, not a symbol.
const domainEnding = /\.(?:com|org|net|io|dev|gov|edu|uk|de|ai|app|co)$/i;

/** camelCase, PascalCase with two humps or more, or snake_case: shaped like code, not like an English word. */
function isCodeShaped(name: string): boolean {
  return /[a-z0-9][A-Z]/.test(name) || /[a-z0-9]_[a-z0-9]/i.test(name);
}

/**
 * Identifiers in prose, most telling first: backticked names, then calls (`name(`), then dotted names with a
 * (`path.join`, `Spotter.Services.SessionRegistry`; host names left out), then bare camelCase / PascalCase / snake_case.
 * Expects text without URLs and paths (see `withoutLocations`).
 */
export function findIdentifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(backticked)) if (match[1].length >= 4 || isCodeShaped(match[1])) found.push(match[1]);
  for (const match of text.matchAll(called)) if (match[1].length >= 3 && (isCodeShaped(match[1]) || match[1].includes('.') || match[1].length >= 4)) found.push(match[1]);
  for (const match of text.matchAll(dotted)) {
    const parts = match[1].split('.');
    if (parts.every((part) => part.length >= 2) && !domainEnding.test(match[1])) found.push(match[1]);
  }
  for (const match of text.matchAll(bare)) found.push(match[1]);
  return found;
}

const units =
  '%|ms|µs|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|[KMGT]i?B|kB|bytes?|tokens?|[kKM]|px|rem|em|lines?|files?|tests?|chars?|characters?|failures?|errors?|warnings?|x|×|fps|rps';
const numberPattern = new RegExp(
  String.raw`(?<![\w.])\d+(?:[.,]\d+)*\s?(?:${units})(?![\w%])|(?<![\w.])v\d+(?:\.\d+){1,3}(?![\w.]*\d)|(?<![\w.])\d+\.\d+\.\d+(?![.\d\w])`,
  'g',
);

/** Numbers with a unit (`512 MB`, `30s`, `3.2%`, `12 tests`) and versions (`v1.2`, `1.2.3`). Expects text without locations. */
export function findNumbers(text: string): string[] {
  return [...text.matchAll(numberPattern)].map((match) => match[0]);
}

const errorKeyword = /Error|Exception|FAIL|[Ff]ail|Traceback|panic|fatal|[Aa]ssert|✗|✕|✘/g;
const errorShapes = [
  /\b[A-Z]\w*(?:Error|Exception)\b(?::|\)|$)/,
  /^Traceback \(most recent call last\)/,
  /^(?:E\s+)?(?:FAILED|FAIL|ERROR)\b/,
  /\bFAILED\b/,
  /^(?:error|fatal|panic)(?:\[[\w-]+\])?:/i,
  /\bassertion ?(?:error|failed)\b/i,
  /\b[1-9]\d* (?:failed|failures?|errors?)\b/,
  /^[✗✕✘]\s/,
];
// Source code mentions errors all the time; a line that reads like code is not an error that happened.
const codeShapes = [/^(?:#|\/\/)/, /^(?:throw|raise|import|from|catch|except|rescue|class|def|defp|defmodule|function|return|const|let|var|type|interface|export|if|else|elif|case|when|assert)\b/, /\bthrow new\b|\bextends\b|\binstanceof\b|=>/, /[{;]\s*$/];

/** The longest error line retention keeps as one fact. */
const errorMaxChars = 200;

/**
 * Error messages and failing tests: lines shaped like `TypeError: …`, `FAILED tests/x.py::test_y`, `error[E0425]: …`,
 * `Traceback …`, `3 failed`, without line-number prefixes, skipping lines that read like source code.
 */
export function findErrors(text: string): string[] {
  const found: string[] = [];
  errorKeyword.lastIndex = 0;
  for (let match = errorKeyword.exec(text); match; match = errorKeyword.exec(text)) {
    const start = text.lastIndexOf('\n', match.index) + 1;
    const newline = text.indexOf('\n', match.index);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).replace(/^\s*\d+(?:→|\t|:)/, '').trim();
    if (errorShapes.some((shape) => shape.test(line)) && !codeShapes.some((shape) => shape.test(line))) found.push(clip(line, errorMaxChars));
    errorKeyword.lastIndex = end;
  }
  return found;
}

const checkbox = /^[ \t]*(?:[-*+]|\d+\.)[ \t]+\[ \][ \t]+(.+)$/gm;
const todoMarker = /\b(?:TODO|FIXME)\b[:\s-]*(.{4,})$/gm;
const promptLine = /^[ \t]*\$ (.+)$/gm;

/** Open items: unchecked checkboxes (`- [ ] x`) and `TODO` / `FIXME` notes, as the item's own words. */
export function findTodos(text: string): string[] {
  const items = [...text.matchAll(checkbox), ...text.matchAll(todoMarker)].map((match) => match[1].replace(/\s*(?:\*\/|-->)\s*$/, '').trim());
  return items.filter((item) => item.length >= 4).map((item) => clip(item, errorMaxChars));
}

/** Commands typed at a shell prompt in prose (`$ npm test`). */
export function findPromptCommands(text: string): string[] {
  return [...text.matchAll(promptLine)].map((match) => clip(match[1].trim(), errorMaxChars));
}
