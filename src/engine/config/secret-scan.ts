/** One place in a value that looks like a secret: where, what kind, and a masked preview (never the secret). */
export interface SecretFinding {
  /** Dotted path, as config issues write it (`providers.main.apiKey`, `ab.a.prompts.summary`); `(root)` for the value itself. */
  path: string;
  kind: string;
  /** The first characters of the match and its length, e.g. `sk-pro… (56 characters)`. */
  preview: string;
}

/** Key shapes of the providers and services a config is likely to meet; the more specific ones come first. */
const patterns: { kind: string; pattern: RegExp }[] = [
  { kind: 'Anthropic API key', pattern: /sk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: 'OpenRouter API key', pattern: /sk-or-v1-[A-Za-z0-9]{20,}/g },
  { kind: 'OpenAI API key', pattern: /sk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}/g },
  { kind: 'Google API key', pattern: /AIza[0-9A-Za-z_-]{35}/g },
  { kind: 'Groq API key', pattern: /gsk_[A-Za-z0-9]{20,}/g },
  { kind: 'xAI API key', pattern: /xai-[A-Za-z0-9]{20,}/g },
  { kind: 'GitHub token', pattern: /(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g },
  { kind: 'AWS access key id', pattern: /(?:AKIA|ASIA)[0-9A-Z]{16}/g },
  { kind: 'Slack token', pattern: /xox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'bearer token', pattern: /Bearer\s+[A-Za-z0-9._~+/-]{16,}=*/gi },
  { kind: 'JSON Web Token', pattern: /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g },
  { kind: 'private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/g },
];

/** The last word of a key (`apiKey` → key, `client_secret` → secret) names what its value is; `apiKeyEnv` names a variable. */
const sensitiveWords = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'passphrase', 'authorization', 'auth', 'credential', 'credentials', 'pat']);

function isSensitiveKey(key: string): boolean {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return words.length > 0 && sensitiveWords.has(words[words.length - 1]);
}

/** Bits per character of the string's own symbol frequencies: random keys score about 4 and up, words and names far less. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

function looksRandom(text: string): boolean {
  return text.length >= 16 && !/\s/.test(text) && entropy(text) >= 3.5 && /\d/.test(text) && /[A-Za-z]/.test(text);
}

/** A preview that says which value is meant without revealing it. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, Math.min(6, Math.floor(secret.length / 4)))}… (${secret.length} characters)`;
}

/** Every key-shaped match in a text, most specific kind first; a key glued to a word or overlapping a kinder match is left out. */
function keyShapedMatches(text: string): { kind: string; start: number; end: number }[] {
  const matches: { kind: string; start: number; end: number }[] = [];
  for (const { kind, pattern } of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      // A key glued to a word (`task-…`) is an identifier, not a key; an overlap is the same key told more specifically already.
      if (start > 0 && /[A-Za-z0-9]/.test(text[start - 1])) continue;
      if (matches.some((taken) => start < taken.end && end > taken.start)) continue;
      matches.push({ kind, start, end });
    }
  }
  return matches;
}

/**
 * The text with every key-shaped part replaced by its masked preview, so the text can be shown or printed: property
 * names on finding paths, error lines that quote user input, a URL a user passed.
 */
export function maskSecretsIn(text: string): string {
  const matches = keyShapedMatches(text).sort((first, second) => first.start - second.start);
  let masked = '';
  let from = 0;
  for (const { start, end } of matches) {
    masked += text.slice(from, start) + maskSecret(text.slice(start, end));
    from = end;
  }
  return masked + text.slice(from);
}

/** Adds the text's findings; the path is spelled only when there is one, since spelling it walks up to the root. */
function findInText(text: string, path: () => string, underSensitiveKey: string | undefined, findings: SecretFinding[]): void {
  const matches = keyShapedMatches(text);
  for (const { kind, start, end } of matches) findings.push({ path: path(), kind, preview: maskSecret(text.slice(start, end)) });
  if (matches.length === 0 && underSensitiveKey !== undefined && looksRandom(text.trim())) {
    findings.push({ path: path(), kind: `high-entropy value under "${underSensitiveKey}"`, preview: maskSecret(text.trim()) });
  }
}

/** One value waiting to be scanned: its parent link and its own key, from which its path is spelled only when needed. */
interface Pending {
  value: unknown;
  key?: string | number;
  parent?: Pending;
  /** The property name it sits under (array items inherit their array's), which decides the high-entropy check. */
  name?: string;
}

/** Paths longer than this keep their start and end with an ellipsis between, so a deeply nested finding stays one readable line. */
const maximumPathLength = 160;

/** The dotted path of a pending value; a key that is itself a secret is written masked. */
function pathOf(pending: Pending): string {
  const keys: (string | number)[] = [];
  for (let node: Pending | undefined = pending; node?.key !== undefined; node = node.parent) keys.push(node.key);
  let path = '';
  for (const key of keys.reverse()) path = typeof key === 'number' ? `${path}[${key}]` : `${path === '' ? '' : `${path}.`}${maskSecretsIn(key)}`;
  if (path === '') return '(root)';
  return path.length <= maximumPathLength ? path : `${path.slice(0, maximumPathLength / 2)}…${path.slice(-maximumPathLength / 2)}`;
}

/** Walks the value with its own stack (a config nested 100,000 deep must not overflow the call stack), in document order. */
function scan(root: unknown, findings: SecretFinding[]): void {
  const stack: Pending[] = [{ value: root }];
  while (stack.length > 0) {
    const pending = stack.pop() as Pending;
    const { value, key, name } = pending;
    // A secret pasted as a key name is as exposed as one pasted as a value.
    if (typeof key === 'string') findInText(key, () => pathOf(pending), undefined, findings);
    if (typeof value === 'string') {
      findInText(value, () => pathOf(pending), name !== undefined && isSensitiveKey(name) ? name : undefined, findings);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => children.push({ value: item, key: index, parent: pending, name }));
    } else {
      for (const [property, child] of Object.entries(value)) children.push({ value: child, key: property, parent: pending, name: property });
    }
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
}

/**
 * Finds everything in a JSON value that looks like a secret: provider key shapes, bearer tokens and JWTs anywhere
 * (prompt texts included), and long random-looking strings under keys named key/token/secret/password/authorization.
 */
export function findSecrets(value: unknown): SecretFinding[] {
  const findings: SecretFinding[] = [];
  scan(value, findings);
  return findings;
}

/** One line per finding, for refusals: where and what, with the masked preview. */
export function describeSecrets(findings: readonly SecretFinding[]): string[] {
  return findings.map((finding) => `${finding.path} — ${finding.kind}, ${finding.preview}`);
}
