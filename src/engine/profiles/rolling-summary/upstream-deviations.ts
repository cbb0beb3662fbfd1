import type { UpstreamDeviation, UpstreamSource } from '../upstream-deviation';

/**
 * The code `rolling-summary` reproduces: ADK's compact battery, the turn grouping it runs on, and the adapter that
 * shows what ADK's agent stores as messages and tool-call records (the mapping is written down in `adk-records.ts`).
 */
export const upstreamSource: UpstreamSource = {
  repository: 'NHTIO/ADK',
  commit: '7329b931e7640b166aef18f9aa1c58d494a0bafb',
  files: [
    'src/batteries/context/compact/summarizer.ts',
    'src/batteries/context/thrift/relevance.ts',
    'src/batteries/llm/openai_chat_completions/adapter.ts',
  ],
};

/**
 * Where `rolling-summary` deliberately differs from ADK. Outside this list it reproduces upstream: the turns and their
 * `qa` text (over the history ADK's agent stores for the transcript), the split, the bootstrap and threshold decision,
 * the request text, the 12000-character cap (unless the lab option historyCharCap lifts it), the empty-answer fallback, the cost event, the summary message and
 * `coveredOlder`.
 */
export const upstreamDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Default system prompt is a paraphrase',
    upstream: 'COMPACTION_SYSTEM_PROMPT in src/batteries/context/compact/summarizer.ts (970 characters).',
    ours: 'compactionSystemPrompt: the same opening ask, the nine sections under the same headings in the same order and the same closing demand, in our own sentences (930 characters).',
    why: 'We never copy upstream prose. Paste the upstream text into systemPrompt to send it byte for byte; the override replaces the default as it does upstream.',
    test: 'T2, T13',
  },
  {
    title: 'Tool traffic rides with its position',
    upstream: 'A turn holds ADK messages and the tool-call records its createdAt rule picks (relevance.ts groupHistoryIntoTurns); a record holds its call and result, and with no timestamps every record goes to the last turn, so the last turn keeps every call.',
    ours: 'The output is made of canonical messages. Those ADK stores no message for (call-only responses, tool results, thinking, system text) go with the turn of the nearest ADK message before them. The `name args` text still lands where upstream puts it, so with no timestamps it is in the last turn\'s text while the call\'s messages may be summarized with an older turn.',
    why: 'A canonical call sits inside a real message at a fixed place; moving it to another turn would reorder the conversation.',
    test: 'T12, T17',
  },
  {
    title: 'A tool pair never straddles the cut',
    upstream: 'Upstream cannot split a call from its result: both live in one ToolCall record, kept or summarized with its turn.',
    ours: 'Messages sharing a call id take one fate. When the kept side holds only tool traffic, it is summarized with its partners; when it holds an ADK message of a kept turn, the partners are kept too, even from an older turn (whose text is then also in the summary).',
    why: 'Here a call and its result are separate messages; splitting them would leave an orphan result or an unanswered call in the output.',
    test: 'T15, T16',
  },
  {
    title: 'User text blocks joined by a newline',
    upstream: 'ADK takes a user message\'s content as the one string its host stores; the adapters join an assistant response\'s text blocks with nothing between.',
    ours: 'Assistant text blocks are joined with nothing between, as the adapters do; a user message\'s several text blocks are joined by a newline.',
    why: 'Upstream has no rule for several user text blocks; a newline keeps words apart.',
  },
  {
    title: 'Errors are the run\'s result, not exceptions',
    upstream: 'A missing summarize or estimateTokens throws E_CONTEXT_RESOLVER_MISSING; a rejected summarizer call propagates.',
    ours: 'The run ends with success false and an error (missing-summarizer, missing-estimator, or the summarizer\'s own), naming the same function and option; the carried state stays as it was.',
    why: 'The lab reports every run, failed ones included, as events and a result.',
    test: 'T6–T9',
  },
  {
    title: 'Cancellation',
    upstream: 'No abort: a summarizer call runs until it settles.',
    ours: 'An aborted run makes no call, and an abort during the call ends the run at once as cancelled.',
    why: 'The page can stop a run; a live provider call must not outlive it.',
    test: 'T18, T19',
  },
  {
    title: 'Settings and carried state are checked',
    upstream: 'Options are used as given (a negative keepVerbatim summarizes every turn and keeps none; a malformed priorState is read as it is).',
    ours: 'A config or carried state that does not fit its schema fails the run before any work, with the offending field named.',
    why: 'Settings come from a form or a pasted JSON file; a typo should say so rather than run something else.',
    test: 'T20',
  },
  {
    title: 'Unique summary id',
    upstream: 'The summary message always takes summaryMessageId, even when a kept message already has that id.',
    ours: 'It takes `<id>#2` (or the next free number) in that case.',
    why: 'Every message\'s fate is keyed by id; two messages with one id could not be told apart.',
    test: 'T21',
  },
  {
    title: 'Option (the seed\'s cap by default): the summarizer may read the whole older region',
    upstream: 'summariseTurns cuts the request text (the prior summary\'s head, then the older turns) to 12,000 characters, keeping its head: a long older region is summarized from its oldest part only.',
    ours: 'That is the default (historyCharCap 12000). A lab extension, not an ADK option: historyCharCap sets another cut, or none. Sizing like the agent\'s summary (Vs agent, versus --size-like-agent, the quality bench) sets none.',
    why: 'Sized like the agent\'s summary, the summarizer given the first 12,000 characters of an older region many times longer wrote 700–900 tokens whatever its budget (3 of 15 real compactions within 0.8–1.25× of the size asked for), and lost what the agent did last. The default keeps the seed.',
    test: 'T22',
  },
];
