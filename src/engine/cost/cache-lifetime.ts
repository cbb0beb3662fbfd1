import type { CacheLifetime } from './cache-rules';
import type { BilledTokens } from './prices';

/** The cache lifetime a session's calls used, and whether its own log says so. */
export interface LifetimeReading {
  lifetime: CacheLifetime;
  /** `logged`: read from the log's split of its writes; `assumed`: the log does not split them (5 minutes, the default). */
  source: 'logged' | 'assumed';
  words: string;
}

/**
 * The lifetime the agent asked its cache for, read from its own writes: Claude Code logs each write as 5-minute or
 * 1-hour tokens, and a session uses one or the other. The larger share wins; a log with no 1-hour writes (or no split)
 * is taken at Anthropic's default of 5 minutes, said.
 */
export function inferLifetime(logged: readonly BilledTokens[]): LifetimeReading {
  let hour = 0;
  let rest = 0;
  for (const tokens of logged) {
    hour += tokens.cacheWriteHour;
    rest += tokens.cacheWrite;
  }
  if (hour > 0 && hour >= rest) return { lifetime: '1h', source: 'logged', words: 'a 1-hour cache lifetime, as the session’s own logged writes were' };
  if (hour > 0) return { lifetime: '5m', source: 'logged', words: 'a 5-minute cache lifetime, as most of the session’s logged writes were' };
  return { lifetime: '5m', source: 'assumed', words: 'a 5-minute cache lifetime (Anthropic’s default; none of the session’s logged writes were for an hour)' };
}
