import type { UpstreamDeviation, UpstreamSource } from '../upstream-deviation';

/** The code `two-tier` reproduces: harn's `AutoCompactConfig` engine, its policy lowering and its call sites. */
export const upstreamSource: UpstreamSource = {
  repository: 'burin-labs/harn',
  commit: 'e45362cf0e5527c6f1a19e973203b709bfd3158f',
  files: [
    'crates/harn-vm/src/orchestration/compaction.rs',
    'crates/harn-vm/src/llm/compaction.rs',
    'crates/harn-vm/src/llm/api/context_window.rs',
    'crates/harn-vm/src/llm/agent/tool_dispatch.rs',
    'crates/harn-vm/src/stdlib/transcript_compact.rs',
    'crates/harn-vm/src/value/core.rs',
    'crates/harn-vm/src/llm/helpers.rs',
  ],
};

/**
 * Where `two-tier` deliberately differs from harn. Everything else (split, tiers, strategies, microcompaction,
 * estimates, triggers, manual mode, policy none, custom compactor text) follows the code at the commit above.
 */
export const upstreamDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Multibyte text at byte 120 of a masked first line',
    upstream: 'The default observation mask previews a long message\'s first line with `&first_line[..first_line.len().min(120)]` (orchestration/compaction.rs, about line 490), which panics when byte 120 falls inside a character.',
    ours: 'The preview is the longest prefix of at most 120 bytes that ends on a character boundary, so the run completes.',
    why: 'An upstream bug: a panic is no compaction result to reproduce.',
    test: 'H27',
  },
  {
    title: 'Callbacks are JavaScript, read as JSON would carry them',
    upstream: 'mask_callback, compress_callback and custom_compactor are harn closures run in a child VM; their results are harn values (int, float, string, list, dict, nil).',
    ours: 'The callbacks are JavaScript run by the callback-runner port. A result becomes the harn value JSON would carry (json_to_vm_value): a whole number that fits i64 is an int, any other number a float, NaN and infinities nil, undefined and functions left out of objects; dict keys sort by UTF-8 bytes. A cyclic result fails the pass.',
    why: 'The lab runs no harn VM; JSON is how a harn host hands values in, so it fixes the one mapping harn itself would apply.',
    test: 'H25',
  },
  {
    title: 'Callbacks need the user\'s consent',
    upstream: 'harn calls every configured callback.',
    ours: 'A config carrying any callback runs only after the user consents, even when the trigger ignores it (manual compaction never calls the mask or compress callback); without consent the run fails with callbacks-need-consent before anything runs.',
    why: 'The lab runs code pasted into a config; nothing runs it unasked.',
  },
  {
    title: 'Callbacks have a time budget',
    upstream: 'harn waits for a callback closure as long as it runs.',
    ours: 'A callback call that has not returned within its budget (60 s by default; the CLI\'s --callback-budget, which bounds all of a run\'s or replay\'s calls together) fails with a timeout, which fails its pass as any failing callback does (a compress callback falls back to the heuristic); a spent budget runs no further callback, and a replay stops there. The CLI runs callbacks in a worker thread and stops the thread when the budget passes, so an endless loop is stopped too, before or after an await. The page runs no callbacks at all: a run whose config carries them is refused (callbacks-need-consent); they run in the CLI with --allow-callbacks.',
    why: 'Pasted code must not hang a run forever; a summarizer attempt has a budget too. The budget lives in the callback runners (src/ports/javascript-callback-runner.ts, src/cli/callback-guard.ts) and is tested there.',
  },
  {
    title: 'Microcompaction at the start of a run, over the recorded transcript',
    upstream: 'A tool output is cut once, when the tool returns, if auto-compaction is configured (llm/agent/tool_dispatch.rs, about lines 1289–1310).',
    ours: 'An automatic trigger with compaction on cuts every tool output over toolOutputMaxChars before the gate; manual compaction and policy none cut nothing, as upstream.',
    why: 'A replayed transcript has no dispatch moment; cutting first gives the outputs a live session would hold.',
    test: 'H20',
  },
  {
    title: 'Policy labels accepted by the manual trigger',
    upstream: 'transcript_compact takes an engine strategy (llm, truncate, observation_mask; custom is refused), not a compaction policy label.',
    ours: 'A policyStrategy with the manual trigger is lowered as the agent loop lowers it (keepLast default 10), both tiers then use its tier-1 strategy, and none turns compaction off.',
    why: 'The config editor offers one set of fields for every trigger; this is the nearest reading of a label there.',
  },
  {
    title: 'Manual compaction\'s transcript wrapper is not modelled',
    upstream: 'transcript_compact also stores a snapshot asset of the original, adds a compaction event with metadata, merges the summary into the transcript\'s running summary, and takes a `summary` option that overrides the summary text.',
    ours: 'The run reports the same before/after through its pass snapshot and events; there is no `summary` override option.',
    why: 'The lab compacts a message list, not a harn transcript value.',
  },
  {
    title: 'summarizePrompt is template text, not an asset path',
    upstream: 'summarize_prompt names a template asset file, rendered with formatted_messages and archived_count.',
    ours: 'The config holds the template text itself, rendered with the same two bindings.',
    why: 'A browser page has no asset files to read.',
    test: 'H16',
  },
  {
    title: 'Default LLM prompt is a paraphrase',
    upstream: 'The default summarization prompt in orchestration/compaction.rs.',
    ours: 'A prompt in our own words with the same bindings and structure; paste upstream\'s text into summarizePrompt to send it exactly.',
    why: 'We never copy upstream prose.',
  },
  {
    title: 'Transcripts mapped to harn\'s message shape',
    upstream: 'harn keeps OpenAI-shaped messages: string content, tool_calls, role tool with tool_call_id, reasoning.',
    ours: 'Imported messages are mapped to that shape: a message holding tool results (Anthropic puts them in user messages) becomes a tool message, text and result contents are joined with newlines, thinking becomes reasoning, images carry no content.',
    why: 'The lab imports many formats; the split and the estimate must see what harn would see.',
    test: 'H14',
  },
  {
    title: 'An exact-count estimator beside the bytes ÷ 4 estimate',
    upstream: 'harn estimates Σ UTF-8 bytes of string content ÷ 4, plus the system prompt ÷ 4 at preflight and post-turn.',
    ours: 'That is the default; tokenEstimator counter swaps in the run\'s token counter over the same contents.',
    why: 'An option for comparing the gate against real counts; the default reproduces harn.',
  },
  {
    title: 'Option (off by default): the LLM prompt lists the tool calls too',
    upstream: 'compaction.rs format_compaction_messages writes each archived message as ROLE: content; tool calls (their names and arguments) and reasoning are left out, so the summarizer sees tool results without the calls that produced them.',
    ours: 'That is the default. A lab extension, not in harn: summarizeToolCalls adds each call after its message as Name {arguments}, cut at 200 characters. Sizing like the agent\'s summary (Vs agent, versus --size-like-agent, the quality bench) turns it on.',
    why: 'Sized like the agent\'s summary, the offline summarizer given results without their calls found no file read, edited or command run and wrote a fraction of the size asked for (272 tokens for a 2,338-token target on a real session, the history wiped). Off by default, so the profile still reproduces harn.',
    test: 'H29',
  },
  {
    title: 'Float text in pretty JSON follows serde_json\'s zmij writer (inferred)',
    upstream: 'serde_json writes a custom compactor\'s non-text result; the followed commit\'s lock file was not readable, and a 2026 harn lock file lists serde_json\'s zmij float writer.',
    ours: 'Floats are written as zmij writes them: plain when the first digit\'s power of ten is in −5…15, else with a signed exponent (`1e+21`, `1e-7`).',
    why: 'If the commit still used the older ryu writer, the only difference is `1e21` for `1e+21`.',
    test: 'H26',
  },
];
