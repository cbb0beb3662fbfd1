import type { UpstreamDeviation } from '../upstream-deviation';

/**
 * Unified has no upstream of its own: it composes the three seeds. These are the places it departs from how each seed
 * runs its part, on purpose; each seed's own profile keeps the seed's behaviour.
 */
export const upstreamDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Microcompaction at every pass, not at tool dispatch',
    upstream: 'Harn cuts a long tool output once, when the tool returns and auto-compaction is configured (crates/harn-vm/src/llm/agent/tool_dispatch.rs).',
    ours: 'Every pass first cuts every tool output over toolOutputMaxChars, whatever mode; a transcript is replayed after the fact, so there is no dispatch moment to hook.',
    why: 'The lab compacts a recorded transcript; cutting at the start of a pass gives the same outputs a harn session would have held.',
    test: 'U1',
  },
  {
    title: 'Observation masking before the summary, in place',
    upstream: 'Harn masks observations as tier 1 (one strategy among observation mask, truncate, LLM, custom); the Dart AutoCompactor has no masking.',
    ours: 'The mask runs in place on older tool outputs before the Dart summary, and only while the context is over the gate.',
    why: 'Composition: masking is cheap and lossless for the newest keepLast messages, so it goes before a paid summary.',
    test: 'U2',
  },
  {
    title: 'Summary ladder ends in truncate, then local trim',
    upstream: 'Dart: smol → main → local trim. Harn tier 2 truncates past its hard limit.',
    ours: 'smol → main → truncate, then tier 2 past the hard limit, then the local trim only when no summary was written.',
    why: 'Composition of the two ladders; each rung is the seed\'s own.',
    test: 'U14',
  },
  {
    title: 'Summarizer output cap kept',
    upstream: 'The Dart compactor passes no maximum output tokens to the summarizer (compaction.dart).',
    ours: 'Unified caps the summary at 0.8 × reserveTokens (0.5 × for a split turn\'s prefix), so a summary cannot eat the room it is meant to free.',
    why: 'A guard no seed has, like the stall and inflation guards; the auto-compactor profile sends no cap, as upstream.',
    test: 'U28',
  },
  {
    title: 'Guards no seed has',
    upstream: 'No seed stops a pass that grows the context or saves almost nothing; no seed fits the summarizer\'s own input to the size of its context.',
    ours: 'A pass that inflates the context, or leaves it over the gate having saved under stallRatio (5%), stops the run and says so; the summarizer\'s input is shrunk to fit summarizerWindowTokens.',
    why: 'These are the failure modes users report (see the anchors); the seeds loop or fail on them.',
    test: 'U20–U25',
  },
  {
    title: 'Pinned lines read and carried the lab way',
    upstream: 'The Dart code reads operative lines as its manifest parser does (trimmed, lines over 512 chars rejected, line breaks kept) and lists each pin quoted with its provenance in the carrier, measuring the 8,192-char budget on that rendering (operative_pins.dart).',
    ours: 'Unified folds line breaks into spaces, cuts lines at 1,000 chars, and lists bare lines in the carrier, measuring the budget on those; the auto-compactor profile reads and renders pins as upstream does.',
    why: 'One pin is one line: a manifest cannot smuggle extra lines past the verbatim duty, and the Diff tab marks exactly the line the summarizer was given.',
    test: 'U26',
  },
  {
    title: 'A split turn\'s summary holds the pinned block once',
    upstream: 'compactSession (compaction.dart) gives the pinned block and duty to both calls of a split turn (the history and the turn prefix) and joins their outputs as they are, so a summarizer that obeys both writes every pinned line twice into one summary; the auto-compactor profile does the same.',
    ours: 'Both calls still carry the block and the duty; when the history summary already holds a pinned line (or a line of the block\'s header), the same line is left out of the turn-prefix part. Every other line of the prefix stays.',
    why: 'One summary should state each pinned line once; twice reads as two blocks and costs tokens on every later request.',
    test: 'U31',
  },
  {
    title: 'The Dart AutoCompactor\'s parts keep the auto-compactor profile\'s listed differences',
    upstream: 'The Dart AutoCompactor, as the auto-compactor profile lists it.',
    ours: 'The gate, estimate, cut, attempt ladder and pins unified takes from seed 1 differ from the Dart code where the auto-compactor profile says they do: the inferred triggerRatio rule, no local trim after a user abort, no tool schemas in the unanchored estimate, summaries carried over shown as they came in, and the pin framing in our words.',
    why: 'Unified composes the auto-compactor\'s code, not a second reading of the Dart; one list says where that code departs.',
  },
  {
    title: 'Local trim keeps its marker when nothing else fits',
    upstream: 'The Dart local trim returns nothing when even the newest message alone is over keepRecentTokens, so the pass trims nothing.',
    ours: 'Unified keeps the trim marker alone and drops the rest, so a run that must shrink still shrinks.',
    why: 'An emergency valve that refuses to open leaves the context over the window; unified prefers a said, visible loss.',
    test: 'U27',
  },
  {
    title: 'A tail smaller than the newest message still compacts',
    upstream: 'The Dart findCutPoint (compaction.dart _accumulateCutIndex) keeps the message that crosses keepRecentTokens whole, however large, and falls back to the first valid cut point when the budget is crossed inside the newest message and no valid cut follows (the history ends with a tool result larger than the tail): nothing is summarized, and the summary replaces nothing.',
    ours: 'Unified gives the summary what the tail cannot hold: a crossing message larger than the whole budget is summarized (the cut moves to the next valid cut after it), and when no valid cut is left the tail is empty and the summary takes everything, the newest call and its large result too. The auto-compactor profile keeps the seed\'s fallback unless its lab option oversizedTail is set.',
    why: 'A kept-tail budget is a bound, not a reason to summarize nothing: with the seed\'s rule a small budget left the whole history in place, and the local trim then dropped it all without a summary; keeping the shortest valid tail instead still overran the budget by the whole large message, so a context sized like the agent\'s summary landed far above it with a starved summary.',
    test: 'U33, U34',
  },
];
