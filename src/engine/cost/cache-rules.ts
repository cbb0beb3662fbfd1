import { groupDigits } from '../group-digits';
/** Which provider's prompt-caching rules a call is billed by. */
type CacheProvider = 'anthropic' | 'openai' | 'google' | 'none';

/** How long a cached prefix lives after its last use: Anthropic's default 5 minutes, or its 1-hour option. */
export type CacheLifetime = '5m' | '1h';

/**
 * One provider's prompt-caching rules, as its documentation states them (checked December 2026):
 * - Anthropic: explicit breakpoints (Claude Code marks the end of the system prompt and tools, and the last message);
 *   a breakpoint shorter than the model's minimum is not cached; writes cost a premium (1.25× for 5 minutes, 2× for
 *   an hour), reads a tenth; a prefix lives 5 minutes (or 1 hour) from its last use.
 * - OpenAI: automatic caching of any prompt of 1,024 tokens or more, hits in 128-token steps, no write premium;
 *   in-memory retention is "5 to 10 minutes of inactivity" (we assume the 5).
 * - Google (Gemini 2.5 and newer): implicit caching like OpenAI's, from 2,048 tokens (4,096 on Gemini 3), no write
 *   premium; the lifetime is not published (we assume 5 minutes).
 * - Any other model: no caching assumed.
 */
export interface CacheRules {
  provider: CacheProvider;
  /** The shortest prefix the provider caches, in its tokens. */
  minimumTokens: number;
  /** A hit covers a whole number of these steps past the minimum (OpenAI: 128); 1 means any length. */
  step: number;
  /** True where the caller marks breakpoints and the provider bills what it writes (Anthropic). */
  isExplicit: boolean;
  lifetime: CacheLifetime;
  /** The lifetime in milliseconds, counted from the end of the call that last used the prefix. */
  lifetimeMs: number;
  /** The rules in a few words, for a figure's assumptions. */
  words: string;
}

const minute = 60_000;

/** Anthropic's minimum cacheable length by model (its prompt-caching page): newest models first. */
function anthropicMinimum(model: string): number {
  if (/opus-4-[5-9]|opus-4\.[5-9]|haiku-4/.test(model)) return 4096;
  if (/sonnet-4-[6-9]|sonnet-4\.[6-9]|haiku-3|3-5-haiku|3-haiku/.test(model)) return 2048;
  return 1024;
}

/** Gemini's implicit caching starts at 2.5; older models cache only explicitly (not modelled). */
function geminiMinimum(model: string): number | undefined {
  const version = /gemini-(\d+)(?:\.(\d+))?/.exec(model);
  if (!version) return undefined;
  const major = Number(version[1]);
  const minor = Number(version[2] ?? 0);
  if (major >= 3) return 4096;
  return major === 2 && minor >= 5 ? 2048 : undefined;
}

const isOpenAi = (model: string): boolean => /(^|\/)(gpt-4o|gpt-4\.1|gpt-5|o1|o3|o4|codex)/.test(model);

/**
 * The caching rules a call of `model` is billed by. `lifetime` is Anthropic's choice of 5 minutes or 1 hour (the
 * implicit providers keep their own); the model id is read without its `vendor/` prefix.
 */
export function cacheRulesFor(model: string | undefined, lifetime: CacheLifetime = '5m'): CacheRules {
  const id = (model ?? '').toLowerCase();
  if (id.includes('claude')) {
    const minimumTokens = anthropicMinimum(id);
    const lifetimeMs = lifetime === '1h' ? 60 * minute : 5 * minute;
    const words = `Anthropic breakpoints after the system prompt and tools and on the last message, ${lifetime === '1h' ? '1-hour' : '5-minute'} cache lifetime, prefixes under ${groupDigits(minimumTokens)} tokens not cached`;
    return { provider: 'anthropic', minimumTokens, step: 1, isExplicit: true, lifetime, lifetimeMs, words };
  }
  if (isOpenAi(id)) {
    return { provider: 'openai', minimumTokens: 1024, step: 128, isExplicit: false, lifetime: '5m', lifetimeMs: 5 * minute, words: 'OpenAI automatic caching of a stable prefix of 1,024 tokens or more in 128-token steps, no write premium, 5 minutes of inactivity assumed' };
  }
  const gemini = geminiMinimum(id);
  if (gemini !== undefined) {
    return { provider: 'google', minimumTokens: gemini, step: 1, isExplicit: false, lifetime: '5m', lifetimeMs: 5 * minute, words: `Gemini implicit caching of a stable prefix of ${groupDigits(gemini)} tokens or more, no write premium, 5 minutes assumed (not published)` };
  }
  return { provider: 'none', minimumTokens: Number.POSITIVE_INFINITY, step: 1, isExplicit: false, lifetime: '5m', lifetimeMs: 0, words: `no prompt caching assumed for ${model ?? 'an unnamed model'} (its provider's rules are not known)` };
}
