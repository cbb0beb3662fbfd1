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
function entropy(text: string): number {
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

function findInText(text: string, path: string, underSensitiveKey: string | undefined, findings: SecretFinding[]): void {
  const taken: [number, number][] = [];
  for (const { kind, pattern } of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      // A key glued to a word (`task-…`) is an identifier, not a key; an overlap is the same key told more specifically already.
      if (start > 0 && /[A-Za-z0-9]/.test(text[start - 1])) continue;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      findings.push({ path, kind, preview: maskSecret(match[0]) });
    }
  }
  if (taken.length === 0 && underSensitiveKey !== undefined && looksRandom(text.trim())) {
    findings.push({ path, kind: `high-entropy value under "${underSensitiveKey}"`, preview: maskSecret(text.trim()) });
  }
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path === '(root)' ? '' : path}[${key}]`;
  return path === '(root)' ? key : `${path}.${key}`;
}

function scan(value: unknown, path: string, key: string | undefined, findings: SecretFinding[]): void {
  if (typeof value === 'string') return findInText(value, path, key !== undefined && isSensitiveKey(key) ? key : undefined, findings);
  if (Array.isArray(value)) return value.forEach((item, index) => scan(item, childPath(path, index), key, findings));
  if (typeof value !== 'object' || value === null) return;
  for (const [name, child] of Object.entries(value)) {
    // A secret pasted as a key name is as exposed as one pasted as a value.
    findInText(name, childPath(path, name), undefined, findings);
    scan(child, childPath(path, name), name, findings);
  }
}

/**
 * Finds everything in a JSON value that looks like a secret: provider key shapes, bearer tokens and JWTs anywhere
 * (prompt texts included), and long random-looking strings under keys named key/token/secret/password/authorization.
 */
export function findSecrets(value: unknown): SecretFinding[] {
  const findings: SecretFinding[] = [];
  scan(value, '(root)', undefined, findings);
  return findings;
}

/** One line per finding, for refusals: where and what, with the masked preview. */
export function describeSecrets(findings: readonly SecretFinding[]): string[] {
  return findings.map((finding) => `${finding.path} — ${finding.kind}, ${finding.preview}`);
}
