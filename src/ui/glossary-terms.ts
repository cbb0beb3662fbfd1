/**
 * The page's words for the lab's own vocabulary, in one place so every view says the same: each entry's `plain` is what
 * the page writes, `term` the name the engine, the CLI's `--json` and the specs use (kept in the tooltip and the
 * glossary for readers who know it), and `meaning` says what it is in a sentence or two.
 */
export interface GlossaryEntry {
  /** What the page says instead of the term. */
  plain: string;
  /** The lab's own name for it, as configs, the CLI and the engine write it. */
  term: string;
  /** What it is, in one or two sentences. */
  meaning: string;
}

/** Every term the page puts in plain words, in the order the glossary lists them. */
export const glossary = {
  'gate-estimate': {
    plain: "the profile's own estimate",
    term: 'gate saw',
    meaning:
      "The token count the profile's trigger compares with its threshold, worked out the profile's own way (characters ÷ 4, the last logged usage plus later messages, …). It can differ from the page's exact context tokens; the profile decides to compact on it.",
  },
  overhead: {
    plain: 'system prompt and tools not in the file',
    term: 'unstored overhead',
    meaning:
      "Tokens every model call carried that the transcript file does not store — the agent's system prompt and tool definitions — estimated from the usage the agent logged (logged input tokens minus the exact count of the messages). It is in every state, and no compaction removes it.",
  },
  'pinned-carrier': {
    plain: 'pinned-lines message',
    term: 'pinned carrier',
    meaning:
      'The message a profile adds after its summary to carry the pinned lines (the standing instructions you pinned) word for word, so they reach the next turn even when the summary drops them.',
  },
  'needed-facts': {
    plain: 'needed facts kept',
    term: 'need-weighted retention',
    meaning:
      'Of the facts in the compacted part (paths, identifiers, commands, errors, URLs, numbers, requests, TODOs) that the agent used again after the compaction, the share the compacted context still holds.',
  },
  'cheap-model': {
    plain: 'cheap model',
    term: 'smol',
    meaning: 'The cheaper model the summarizer tries first; the main model answers when it fails. Configs and the CLI call it smol (--smol).',
  },
  'no-op': {
    plain: 'changed nothing',
    term: 'no-op',
    meaning: 'A pass that ran but replaced no message: what it handed on holds the same messages as what it was given.',
  },
  summary: {
    plain: 'summary',
    term: 'llm-summary',
    meaning:
      'A pass that replaced older messages with a written summary. The model you chose writes it, or with no model chosen the offline summarizer, which picks the summary out of the messages without calling any model.',
  },
  upstream: {
    plain: 'upstream code',
    term: 'seed',
    meaning:
      "The published code a profile follows: the Dart AutoCompactor (seed 1), ADK's assembleCompactedTurns in TypeScript (seed 2) and Harn's AutoCompactConfig in Rust (seed 3). The unified profile is ours and composes the first and the third.",
  },
  'prompt-caching': {
    plain: 'prompt caching',
    term: 'prompt caching',
    meaning:
      'The provider keeps the start of a prompt it has just seen; a later call that begins with the same tokens reads them back at a fraction of the input price instead of paying for them again. Anthropic marks what to keep and charges extra to write it; OpenAI keeps a stable start on its own, with no charge to write.',
  },
  'cache-write': {
    plain: 'written to the cache',
    term: 'cache write',
    meaning:
      'Input tokens the provider stores for later calls, billed once at the write price (Anthropic: 1.25× the input price for 5 minutes, 2× for an hour; OpenAI: the plain input price). A compaction changes the start of the context, so the next call writes it again.',
  },
  'cache-read': {
    plain: 'read from the cache',
    term: 'cache read',
    meaning: 'Input tokens a call finds already stored from an earlier call, billed at the read price (about a tenth of the input price).',
  },
  'cache-hit-rate': {
    plain: 'of input read from the cache',
    term: 'cache hit rate',
    meaning: 'The share of all input tokens the logged calls read from the cache rather than paying for them in full (uncached or written).',
  },
  'cache-model': {
    plain: 'by our cache model',
    term: 'cache model',
    meaning:
      "The lab's reckoning of what each call would pay with caching: the part of the prompt unchanged since the previous call is read from the cache, the rest written, by the provider's rules (minimum length, breakpoints) and the cache's lifetime measured on the transcript's own times.",
  },
  'cache-lifetime': {
    plain: 'cache lifetime',
    term: 'cache TTL (5-minute / 1-hour)',
    meaning:
      "How long a provider keeps what was written to the cache after its last use: Anthropic's default is 5 minutes, or an hour at a higher write price. A call after a longer pause finds nothing and writes it all again. The lab reads which one the agent used from its logged usage.",
  },
} as const satisfies Record<string, GlossaryEntry>;

/** The name of one glossary entry. */
export type TermId = keyof typeof glossary;

/** The tooltip that keeps the term beside the plain words: `gate saw — the token count the profile's trigger compares …`. */
export function termTitle(id: TermId): string {
  const entry: GlossaryEntry = glossary[id];
  return `“${entry.term}”: ${entry.meaning}`;
}

/**
 * A pass's strategy as the page says it: `llm-summary` is a summary, named with who wrote it when that is known
 * ("summary (offline summarizer)", "summary (gpt-4o-mini)"); the other strategies keep their names. A composed
 * strategy (`microcompact+llm-summary`) is said part by part.
 */
export function strategyWords(strategy: string, author: string | undefined): string {
  return strategy
    .split('+')
    .map((part) => (part === 'llm-summary' ? (author ? `summary (${author})` : 'summary') : part))
    .join(' + ');
}
