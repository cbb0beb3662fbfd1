import type { UpstreamDeviation, UpstreamSource } from '../upstream-deviation';
import { estimateSanitizerDeviations } from './estimate-sanitizer-deviations';

/** The Dart code `auto-compactor` reproduces: the classic AutoCompactor and the pieces it runs on. */
export const upstreamSource: UpstreamSource = {
  repository: 'IstiN/flutter_agent_harness',
  commit: '03cc80ff946e2f0a8c37fe77865a07b738cc016e',
  files: [
    'lib/src/agent/auto_compactor.dart (03cc80ff)',
    'lib/src/compaction/compaction.dart (023a21d3)',
    'lib/src/compaction/token_estimation.dart',
    'lib/src/compaction/summary_sanitizer.dart',
    'lib/src/agent/tool_pairing.dart (0321a678)',
    'lib/src/skills/operative_pins.dart, lib/src/skills/skill_manifest.dart (pinned operative lines, gh-1409)',
    'prompts/compaction/*.md',
  ],
};

/**
 * Where `auto-compactor` deliberately differs from the Dart code. Reproduced as the Dart code does it, apart from what
 * is listed: the gate and `forWindow`, every cut-point case (also the seed's fallback when keepRecentTokens is smaller
 * than the newest message and no valid cut follows it: the cut returns to the first valid cut point, so the pass
 * summarizes nothing and replaces nothing, as compaction.dart `_accumulateCutIndex` does — D34; the lab option
 * `oversizedTail`, off by default, is listed below, and `unified` gives the summary what the tail cannot hold), summary placement and the previous-summary merge, split
 * turns, the transient rule, backoff, the attempt budget and the total-budget check, the smol → main ladder, local trim
 * (nothing droppable or nothing kept → an honest failure), the pinned block's place and the duty's, a split turn's
 * two outputs joined as they are, the carrier's rendering, budget and restore probe, tool-pair validation and repair,
 * and the summarizer request without an output cap. Where upstream's newest code could not be read and the behaviour
 * is inferred, that is listed here too.
 */
export const upstreamDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Later passes of one run summarize again',
    upstream:
      'auto_compactor.dart re-reads the session for every pass; after pass 1 appended its compaction record, the branch leaf is that record, so prepareCompaction (compaction.dart) returns null and pass 2 reports no work: one summary per run at most, whatever the doc comment says about multi-pass.',
    ours: 'Only the input is checked for "nothing new since the last compaction". Later passes of the same run re-summarize their own output (the previous summary merged through the update prompt) until it fits or maxPasses is spent.',
    why: 'The seed\'s documented contract is multi-pass ("retry the whole pass until it fits"); the code at this commit cannot do it. We keep the documented behaviour and say so here.',
    test: 'D20',
  },
  {
    title: 'No work is read from the carried state, not a session file',
    upstream: 'prepareCompaction returns null when the session branch ends with a CompactionRecord (compaction.dart); the record lives in the session JSONL.',
    ours:
      'A run hands the next one its newest compaction record and the ids it left behind (RunResult.carryState). An input holding only those ids, or ending with a summary message, is one no-work pass with no call. Without the carried state a summary followed by messages cannot be told apart from new work, and is compacted. The page and the CLI run on an imported transcript and carry no state between runs, so there a transcript ending with its summary is the no-work case.',
    why: 'The lab has no session file: a transcript is all the profile sees, and a source transcript keeps no record of what its compaction kept.',
    test: 'D15, D22',
  },
  {
    title: 'The carrier is placed only after boundaries this run wrote',
    upstream: 'injectOperativePinCarriers (operative_pins.dart) adds the carrier to every provider request after the last boundary in the window, earlier compactions included; it is never in the transcript.',
    ours: 'The carrier is shown in the pass output after the last summary or trim marker this run wrote (counted in the exact figures, not in the gate\'s estimate). A pass that wrote no boundary shows no carrier. An earlier run\'s carrier in the input (named by the carried state) is taken out, never read as conversation.',
    why: 'The lab shows what the next request would hold after this run; a no-work pass must stay a no-op. Summaries a source transcript holds are not recognized as boundaries by their text.',
    test: 'D15, D16, D24, D25',
  },
  {
    title: 'Pinned lines come from the config, not skill manifests',
    upstream: 'SkillOperativePins.build reads each discovered skill\'s operative: list (skill_manifest.dart trims it and rejects lines over 512 chars) and marks skills read when a read tool call in the window targets their SKILL.md path.',
    ours: 'operativeSkills in the config stands for the manifests: lines are trimmed and lines over 512 chars rejected (with a notice) exactly as the parser does; isRead is given in the config instead of found from read calls. Supersede and drop notices across windows are not produced (one run has one window).',
    why: 'A recorded transcript has no skill files or discovery; the config is the only source.',
    test: 'D17',
  },
  {
    title: 'Whole-run budget defaults to 15 minutes',
    upstream: 'AutoCompactor\'s constructor at 03cc80ff defaults totalBudget to 4 minutes, and auto_compactor_test.dart expects that.',
    ours: 'totalBudgetMs defaults to 900000 (15 minutes, attempt budget × maxAttempts).',
    why: 'The seed and the factory docs from 1.0.523 on give 15 minutes, so the whole run is never shorter than its attempts; set totalBudgetMs to 240000 for the older default.',
    test: 'D10',
  },
  {
    title: 'Prompts are paraphrases',
    upstream: 'prompts/compaction/{summary_system,summary,summary_update,turn_prefix,pinned_operative}.md, ported verbatim from pi.',
    ours: 'The same sections in the same order with the same headings, item markers and literal tags, in our own sentences. Paste the upstream text into prompts.* to send it byte for byte.',
    why: 'We never copy upstream prose.',
    test: 'P56, P57, P58, P59',
  },
  {
    title: 'The pinned block\'s header and the carrier\'s opening sentence are ours, and overridable',
    upstream: 'operative_pins.dart writes both as fixed strings (pinnedOperativePromptBlock, pinCarrierBlock); no prompt id overrides them.',
    ours: 'Both are in our words (the header keeps the label PINNED OPERATIVE LINES, which the duty prompt names; the carrier sentence is exactly as long as upstream\'s, 126 characters, so the 8,192-character budget drops the same pins), and prompts.pinnedBlockHeader and prompts.pinnedCarrierIntro override them like the other prompts. A longer override leaves less of the budget for pins.',
    why: 'We never copy upstream prose, and a user comparing wordings should be able to send upstream\'s text exactly.',
    test: 'D29, D30',
  },
  {
    title: 'The triggerRatio rule is inferred',
    upstream: 'CompactionSettings lists triggerRatio (the seed, pub.dev 1.0.555; the CLI\'s default 0.7) but the newest shouldCompact body that reads it was not available; compaction.dart at 023a21d3 has only tokens > window − reserveTokens.',
    ours: 'With a ratio set, the gate fires at tokens > min(window − reserveTokens, floor(triggerRatio × window)); without one (the default), the legacy rule alone.',
    why: 'The most faithful reading of the docs ("an earlier, ratio-based trigger"); the config field and the Code tab say it is inferred.',
    test: 'D31',
  },
  {
    title: 'A user abort ends the run with no local trim (inferred)',
    upstream: 'In newer versions each attempt\'s cancel token is linked to the run token, so a user abort cancels the request in flight; whether the pass then falls to its local trim was not read.',
    ours: 'An abort stops the run at once: the attempt\'s request is aborted, no later attempt or rung starts, the pass is cancelled and nothing is trimmed.',
    why: 'The user asked to stop; dropping messages they did not ask to drop would be a second surprise. The seed text reads the abort as ending the work.',
    test: 'D32',
  },
  {
    title: 'A summary already in the context is shown as it is',
    upstream: 'Newer versions sanitize a compaction summary again each time the session projects it (buildContextMessages), which heals summaries written before the sanitizer; the stored record is untouched.',
    ours: 'The sanitizer runs on each summary this run writes and on the previous summary fed to the update prompt; a summary the run only carries over (a no-work run, or a summary it did not replace) is shown as it came in.',
    why: 'The lab shows the list a run produced; rewriting messages the run did not write would make a no-work run change its input.',
    test: 'D33',
  },
  {
    title: 'No user-request candidates block',
    upstream: 'Later compaction.dart versions (issue #81) insert a USER REQUEST CANDIDATES block, built by a heuristic ask detector, between the conversation and the instructions.',
    ours: 'Not inserted: the profile follows compaction.dart 023a21d3, which has no detector; the Open User Requests section of the prompt is kept.',
    why: 'The detector is not part of the code the seed names; the spec does not describe it.',
  },
  {
    title: 'Notes and synthetic results are worded by us',
    upstream: 'tool_pairing.dart writes its own note text ("[context note: a tool result for …") and interrupted-result text.',
    ours: 'The same content — tool, call id, the cut that removed the call, whether that cut still names it, no reply needed; the tool name on a synthetic result — in our words, still opening with "[context note:".',
    why: 'We never copy upstream prose; nothing downstream parses these texts beyond the opening.',
    test: 'P20, D19',
  },
  {
    title: 'Trim marker time in milliseconds',
    upstream: 'The local-trim marker prints DateTime.now().toUtc().toIso8601String(), which carries microseconds on the Dart VM (…T03:04:05.123456Z).',
    ours: 'The clock port counts milliseconds, so the marker prints …T03:04:05.123Z (what Dart prints on the web, or when the microseconds are zero).',
    why: 'The engine\'s clock is a millisecond port (fake in tests); the count is the seed\'s.',
  },
  {
    title: 'The trim marker states its reason, in our words',
    upstream: 'auto_compactor.dart writes one fixed sentence for every local trim — the summarizer endpoint was unavailable, how many older messages were dropped and when, the session file keeps the rest — and nothing can override it.',
    ours: 'The marker keeps its opening "[context trimmed locally:" (the pair repair names a cut by it), then says in our words how many older messages left the context, when, and the real reason: the summarizer\'s own error ("the summarizer failed: …"). prompts.trimMarker overrides the sentence ({{dropped_count}}, {{time}}, {{reason}}).',
    why: 'We never copy upstream prose, and "endpoint unavailable" was false whenever the summarizer failed otherwise (a refusal, a timeout, a bad key); unified trims with no summarizer failure at all.',
    test: 'D35',
  },
  {
    title: 'A summary pass shows the request-boundary pair repair',
    upstream:
      'After a compaction, auto_compactor.dart sets state.messages to the session\'s projected context, unrepaired; agent_loop.dart _buildRequestContext runs repairToolPairing (tool_pairing.dart) on every request it sends. The cut never splits pairs recorded in order, but a result recorded before its call is summarized while the call is kept, and the next request answers that call with a synthetic interrupted result (a result left after a cut that summarized its call is dropped with a note).',
    ours: 'A summary pass runs the same repair on its own output, which is what the lab shows as the next request: the synthetic results and the note are insertions, the moved or dropped messages have fates, and later passes of the run read the repaired list.',
    why: 'The pass output stands for the next request (the pinned carrier is shown there too); left unrepaired, a kept call would look unanswered although upstream never sends it so.',
    test: 'D26, D27',
  },
  {
    title: 'Canonical messages may hold several results',
    upstream: 'A Dart ToolResultMessage answers exactly one call.',
    ours: 'A canonical message may hold several results (and text): results stay in their message when they all go to one call message, otherwise the message is split into parts next to each call; text beside results stays where it was.',
    why: 'The canonical model groups what the source grouped; the repair keeps as many source messages whole as it can.',
    test: 'P25',
  },
  {
    title: 'Option (off by default): the summary takes what the kept tail cannot hold',
    upstream:
      'compaction.dart findCutPoint keeps the message that crosses keepRecentTokens whole, however large, and when the budget is crossed inside the newest tool results with no valid cut after them (_accumulateCutIndex) falls back to the first valid cut point: the pass summarizes nothing and keeps everything. The default here does the same (D34).',
    ours:
      'A lab extension, not in the seed: oversizedTail: summarize-oversized leaves a crossing message larger than the whole budget to the summary (the cut moves to the next valid cut point), and with no valid cut left keeps no tail at all — the summary takes everything. Sizing like the agent\'s summary (Vs agent, versus --size-like-agent, the quality bench) turns it on.',
    why: 'A comparison at the agent\'s size must compact: with the seed\'s rule a session ending in a large tool result kept its whole history behind an empty summary, at many times the size asked for. Off by default, so the profile still reproduces the seed.',
    test: 'D36',
  },
  ...estimateSanitizerDeviations,
];
