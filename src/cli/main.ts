import nodeModule from 'node:module';
import { parseArguments, UsageError, type CommandLine } from './arguments';
import { checkCommandLine } from './command-grammar';
import type { CommandOutput } from './command-output';
import { printable, printableLine, quoted } from './terminal-text';

const HELP = `compaction-lab — see and tune how an agent compacts its context

Usage:
  compaction-lab stats <file> [--json] [--encoding o200k_base|cl100k_base] [--run N] [--prices FILE]
  compaction-lab compact <transcript> [--config cfg.json] [--profile auto-compactor|rolling-summary|two-tier|unified]
                         [--window N] [--set path=value]… [--out compacted.json] [--json] [--run N]
                         [--encoding o200k_base|cl100k_base] [--run-anyway] [--allow-callbacks [--callback-budget S]]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]
                         [--probe[=model|facts]] [--probe-per-kind N] [--from whole-file|last-held]
  compaction-lab config defaults [--profile auto-compactor|rolling-summary|two-tier|unified]
  compaction-lab config validate <config.json>
  compaction-lab config link <config.json> [--base URL]
  compaction-lab config code <config.json> --lang dart|ts|harn [--all] [--variant a|b]
  compaction-lab ab --a A.json --b B.json <transcript> [--repeat N] [--json] [--run N] [--allow-callbacks [--callback-budget S]]
                         [--encoding o200k_base|cl100k_base] [--run-anyway]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]
  compaction-lab versus <transcript> [--profile P] [--config cfg.json] [--window N] [--set path=value]… [--boundary N]
                         [--size-like-agent] [--json] [--run N] [--encoding o200k_base|cl100k_base] [--run-anyway]
                         [--allow-callbacks [--callback-budget S]]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]
  compaction-lab replay <transcript> [--profile P] [--config cfg.json] [--window N] [--set path=value]… [--json] [--run N]
                         [--encoding o200k_base|cl100k_base] [--prices FILE] [--run-anyway] [--allow-callbacks [--callback-budget S]]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]
  compaction-lab eval <files or directories…> --config A.json [--config B.json …] [--mode replay|compaction] [--assert EXPR …] [--json | --jsonl] [--jobs N]
                         [--encoding o200k_base|cl100k_base] [--prices FILE] [--run-anyway] [--allow-callbacks [--callback-budget S]]

basis  context tokens = exact count of what the transcript holds (in --encoding: o200k_base by default, or
       cl100k_base; stats, compact and ab alike) + the unstored overhead (system prompt and tool schemas the source
       never stored) estimated from logged usage; compaction changes only the first part. The profile's own
       estimate (chars/4, logged usage + tail, bytes/4, …), on which its gate decides, is shown as "gate saw".
stats  imports a transcript (format sniffed from its structure) and prints its report:
       messages by role, tool calls and pairing, compaction markers, exact tokens; the unstored overhead and
       context tokens (--json: unstoredOverhead, unstoredOverheadNote, contextTokens = tokens.total +
       unstoredOverhead); when the agent compacted, the context as it last held it on the same basis (--json:
       lastHeld {tokens, contextTokens, messages, compaction}, else null); and the tokenizer calibration fitted from
       logged usage (calibration {model, ratio, spread {low, high}, calls}, or null with calibrationNote saying why);
       what the logged calls cost (loggedCost {calls, totalUsd, byKind {input, cacheWrite, cacheRead, output},
       withoutCachingUsd, priced, byModel [{model, calls, usd, priceOrigin?, pricedAs?}], unknownModels, cacheHitRate,
       tokens, pricesAsOf, pricesSource}, each call at its own time's price; totalUsd null when a model has no price,
       never 0; loggedCost null with loggedCostNote saying why when the file logged no usage). Warnings and errors are printed after
       where they are (line N, column C, JSON path); --json keeps warnings and errors as lists of messages and adds
       warningLocations and errorLocations, {line, column, path} for each at the same index.
compact runs a compaction profile and prints one row per pass: context tokens before → after, and what the gate
       saw; --out writes the compacted conversation as OpenAI Chat messages. Config fields are the seeds' own
       names. A config's JavaScript callbacks (two-tier maskCallback, compressCallback, customCompactor) run only
       with --allow-callbacks, in a worker thread, all calls of a run or replay within --callback-budget seconds
       together (a decimal number greater than 0 and at most 2147483, about 24 days; 60 by default; only with
       --allow-callbacks). A call still running when the budget passes — looping, before or after an await, or
       awaiting forever — has its thread stopped and fails with a timeout, which fails the pass (a compress callback
       falls back to the heuristic); no further callback runs, replay stops there, and the command exits 1 with one
       line naming the field and the budget. --json adds context {encoding, before, after, unstoredOverhead, trigger, window,
       fitsAfter}: before/after are exact counts of what the transcript holds (before = stats' tokens.total),
       fitsAfter = after + unstoredOverhead ≤ trigger (null without a trigger); flags gain no-op-pass (a pass that
       replaced nothing), estimate-disagrees (success, yet the context after is over the trigger; pass 0 when no
       pass ran), over-window (the context after is over the window: the next call would be refused), history-wiped
       (a success that kept under 300 tokens of a long history) and replaced-nothing (a success that replaced no
       message); outcome says in words what really happened, and over-window or replaced-nothing exit 1, as do
       callbacks that spent their --callback-budget (fell back: …). Settings that cannot work as set (e.g.
       reserveTokens ≥ window) are refused before anything runs or is written: one line on stderr, exit 2;
       --run-anyway runs them regardless and reports forcedSettings.
       --from last-held starts from the context as the agent last held it: its last compaction's summary (with what
       Claude Code attached after it, Codex's replacement history or OpenHands' kept events) and every message after
       it, subagents' sidechains left out — not the whole file (whole-file, the default). The overhead is the whole
       file's, so both starting points are on one basis; --json's start {from, messages, compaction?} says which, and
       context.before counts it. A session with no readable compaction by the agent is refused: exit 2.
       Summaries come from the offline extractive summarizer unless providers are named:
         --main / --smol PROVIDER:MODEL[@BASE_URL]  PROVIDER one of openai, openai-responses, anthropic, google,
                       openrouter, openai-compatible (which needs @BASE_URL, e.g. @http://localhost:11434/v1);
                       smol is the cheap first rung, main its fallback (auto-compactor), then a local trim.
         --key-env VAR the NAME of the environment variable holding the key; keys are never read from files
                       or flags, and a name that looks like a key (a known key shape, 20 characters or more not in
                       one case like OPENAI_API_KEY, or a random-looking word) is refused without being echoed. A
                       config may instead carry providers: {smol|main: {provider, model, baseURL, apiKeyEnv}}.
                       With providers, --json also lists every attempt and each call's usage and cost.
         --probe       then asks the main model probe questions (recall, artifact, continuation, decision) about
                       what the last pass compacted, answered from its output alone and graded against the
                       original: "model" (default) lets the model write and grade them (3 calls), "facts" builds
                       them from the extracted facts and checks the answers (1 call); --probe-per-kind N (1–5, 2).
config defaults prints a profile's defaults as the envelope the app exports (sorted keys, diff-friendly);
       validate checks an exported envelope or a bare config document, every issue by path (anything that
       looks like a key is an error); link prints the #config=… fragment of a share link (after --base),
       refusing configs with secrets and links over about 8 KB; code renders the config as the seeds' own
       API (Dart AutoCompactor, TypeScript assembleCompactedTurns options, Harn agent_loop / AutoCompactConfig).
ab     runs two configs (files as the app exports them: a share envelope or a bare config; one envelope with an
       A/B pair needs only --a) on the same transcript, A then B, and prints metric | A | B | Δ and the summaries'
       diff; --repeat N runs each N times and shows the spread of tokens saved. Token rows are context tokens on
       --encoding (--json: context {encoding, unstoredOverhead}); a variant whose settings cannot work as set is refused
       (exit 2) unless --run-anyway, which applies to both.
versus compares a profile with the agent's own compaction (Claude Code compact_boundary, Codex compacted, OpenHands
       condensation): cuts the transcript at compaction --boundary N (1-based, in transcript order; the last readable
       one by default), runs the profile on what came before it and scores both compacted contexts — the agent's real
       summary and the profile's output — by need-weighted retention: of the facts in the compacted part that the
       agent used again after the boundary, the share each context still holds, overall and by category, with the
       facts each lost and where the agent used them; and how many of the agent's next actions (its first tool calls
       after the boundary) have their target in each context. Tokens are exact counts in --encoding of what each
       context holds. The agent compacted there, so when the profile's gate would not fire on those messages it runs
       again with the gate forced (its force flag, or its threshold at its lowest) and the report says so (basis).
       --size-like-agent sets the profile's own bounds on what it keeps beside its summary (its meta's sizedLike, e.g.
       force and keepRecentTokens) and offlineSummary.summaryMaxTokens over the config at the values that bring its
       context nearest the agent's summary tokens without going over them (over only when no run landed within 0.8×
       under; at most 6 offline runs; a live summarizer runs once, on the size found), for a comparison at a
       comparable size (basis.sizing, basis.sizedSettings and the note say what was set, after how many runs, the
       multiple of the agent's summary reached, and why when it could not come near it).
       A file is one needed fact however the compacted part spells it (absolute or repo-relative), and a command one
       fact without its cd … &&, environment, redirections or | tail / | head, found only where it stands whole.
       --json prints {boundary {index, atMessage, agentSummaryTokens}, agent and profile {tokens, tokensTimesAgent,
       needRetention, byCategory, nextActions, lost, holds, keptFrom, keptOnlyByAdded, summaryOnly}, basis, run,
       compactions, redaction, addedNote}; tokensTimesAgent is the side's tokens ÷ the agent's summary tokens; holds
       counts each context's summary, kept and added messages, keptFrom where the needed facts it holds were found,
       keptOnlyByAdded the needed facts only a message added beside the summary holds; summaryOnly {messages, tokens,
       needRetention, kept} scores the summary message(s) alone; addedNote says in a sentence which side holds
       messages added beside its summary (the agent's hook output and re-attached files, which the profile's run never
       sees) and the needed facts only they hold; redaction is null, or {compactedPart, after, note}
       when the source redacted the text (retention and next actions then cannot be measured and the table says so);
       run.flags are the profile run's outcome flags (replaced-nothing, history-wiped, no-op-pass), said in the table
       too. A transcript with no compaction by the agent, only
       opaque (encrypted) ones, or no compaction N is refused: one line on stderr naming the file, exit 2.
replay replays the whole session under the policy, message by message: the context the agent would have had, its gate
       checked where the profile's host checks it, a full compaction run each time it fires, the session going on from
       the compacted context. Prints one row per compaction (after which message, context tokens before → after,
       passes, summarizer calls, tokens sent to summarizers, cost, facts lost, need-weighted retention), the totals,
       and a line per compaction the agent itself made. --json prints {profile, window, trigger, checkpoint,
       estimation, encoding, steps, unstoredOverhead, triggerTokens, peakTokens, compactions [{atMessage,
       tokensBefore, tokensAfter, exact {before, after}, passes, summarizerCalls, tokensToSummarizers, costUsd,
       success, outcome?, flags, retention}], sourceCompactions [{atMessage, kind, loggedTokensBefore}], totals
       {compactions, failedCompactions, summarizerCalls, costUsd, tokensToSummarizers, peakTokens, stepsOverTrigger,
       shareOverTrigger, timeOverTriggerMs?, stepsOverTriggerNotCounted?, stepsOverWindow, compactionsOverWindow, gateSaw {stepsOverTrigger,
       shareOverTrigger, timeOverTriggerMs?}}, basis}: tokens are context tokens as the app's Session tab states
       them (exact counts, system prompt included, plus unstoredOverhead; exact without it), steps over the trigger
       are counted against triggerTokens (the line the chart draws) with gateSaw beside (null, with
       stepsOverTriggerNotCounted, for a trigger compared with part of the context only), a compaction that left the
       context over the window is flagged over-window, one that wiped the history or replaced nothing
       history-wiped or replaced-nothing; the trigger and gate readings are in the profile's own units
       (trigger null, with triggerComparedWith, when the gate compares part of the context, as rolling-summary does); atMessage is
       0-based; costUsd (the summarizer calls) is 0 offline and null when a call had no known price. --json's cost
       {agent {loggedUsd, loggedTotalUsd, simulatedUsd, ratio, outputUsd, calls, misses, unknownModels, …}, policy
       {totalUsd, inputSideUsd, agentCallsUsd, summarizerUsd, cacheWriteUsd, cacheReadUsd, inputUsd, outputUsd, calls,
       unknownModels}, pricesAsOf, pricesSource, assumptions} says what the agent's own main-conversation calls cost
       by its log (input side, loggedTotalUsd with output) and by the cache model (ratio = model ÷ log, input side),
       and what the policy would have cost with prompt caching (its agent calls on the policy's context, with the
       cache rewrites its compactions cause, plus the summarizers); US dollars, null when a price is unknown, never 0;
       assumptions says the caching assumed (lifetime, breakpoints, minimum lengths) in words. Progress shows on a
       terminal's stderr.
eval   replays every transcript (directories searched recursively for .json, .jsonl, .ndjson, .traj, .eval, .txt and
       .md files, dotfiles left out) under each --config (one, or two to compare: A then B) in --jobs worker threads
       (the machine's cores by default), with a progress line on stderr. Prints each config's totals and, per
       session, median / p90 / max of compactions, summarizer calls, cost, need-weighted retention, facts lost and
       share of steps over the trigger; with two configs, Δ (B − A) and a verdict saying which is better on what, with
       both judged on the lower trigger of the two (shareOverSharedTrigger), never each on its own. A
       file that cannot be imported is reported and skipped; a file with several runs has each replayed (rows say
       run N). --json prints {configs [{name, profile, totals, distributions}], comparison? {a, b, delta, better,
       verdict}, transcripts [{file, run?, config, ok, error?, steps, compactions, failedCompactions,
       summarizerCalls, costUsd, tokensToSummarizers, peakTokens, shareOverTrigger, shareOverSharedTrigger,
       gateSawShareOverTrigger, compactionsOverWindow, needWeighted, factsLost, policyCostUsd, agentCostUsd,
       agentCalls, agentCostRatio}], skipped [{file, reason}], prices {source, asOf, yourPrices?}}: policyCostUsd is the session
       under the policy with prompt caching (replay's cost.policy.totalUsd), agentCostUsd the agent's own
       main-conversation calls as logged (null without usage or a price), agentCalls how many logged usage,
       agentCostRatio the cache model ÷ the logged input side; totals sum the costs (null when any session that
       has one is unpriced) and distributions spread policyCostUsd and agentCostRatio. --mode compaction runs one
       compaction of each transcript per config instead (any number of configs), as compact does, and prints each
       config's means, its assertions and the best config; --json {mode, configs, frontier, best, noBest?, cells,
       skipped}. --assert EXPR (repeatable) judges every cell: needRetention>=0.8 (alias needWeighted),
       contextAfterShare<=0.4 (of the window), contextAfter<=50000 (context tokens; replay: the peak), costUsd<=0.5,
       summarizerCalls<=3, compactions>=1 (ops >= <= > < ==), or no:over-window, no:no-op-pass,
       no:estimate-disagrees, no:history-wiped, no:replaced-nothing; a cell without the figure (retention with nothing
       used later) is not measurable, never a pass. --json adds each row's and config's assertion results. --jsonl
       prints the experiment, the format the app's Experiments view opens: {"type": "experiment", version, mode,
       configs [{name, document}], assertions, transcripts [{name, sha256, sizeBytes}]}, then {"type": "cell", file,
       run?, config, mode, ok, contextBefore, contextAfter, windowShareAfter, needWeighted, compactions,
       summarizerCalls, costUsd, flags, encoding, durationMs, error?, assertions} as each finishes and {"type":
       "skipped", file, reason}, then {"type": "summary", configs, frontier, best}. Configs and assertions are
       checked before any work.

prices stats, replay and eval price from the catalog (@pydantic/genai-prices; its date is on every figure); --prices
       FILE lays your prices over it, the shape the app stores: {"model-id": {inputPerMillion, outputPerMillion,
       cacheReadPerMillion?, cacheWritePerMillion?, cacheWriteHourPerMillion?}} in US dollars per million tokens. A
       file that is not such a table is refused before anything runs: one line naming the file and the field, exit 2.

exit   0 done; 1 the command ran and failed: a run that did not succeed (success: false, including one refused for
       callbacks without --allow-callbacks; compact: also a success over the window (over-window) or that replaced no
       message (replaced-nothing), or one whose callbacks spent their --callback-budget and fell back; ab: any run of
       either variant; versus: the profile's run; replay: its compactions refused for callbacks, or stopped by the
       --callback-budget spent; eval: some replay or compaction that failed, one its callbacks' budget stopped
       included, or an --assert that failed on some cell), or config
       validate/link/code finding problems in the config; 2 nothing ran: a usage error (unknown option, an option
       without its value, an operand too many, a size of 0 or less, a whole number not in plain decimal digits such as
       --window 0x10 or 1e3, a --callback-budget without --allow-callbacks or above its maximum, a key where a
       variable's name belongs) or input that cannot be used (a file that is missing, not a regular file, too large,
       not JSON, not an object, or not importable; an invalid config; settings that cannot work as set; for versus and
       compact --from last-held, no readable compaction by the agent; for versus, no compaction N; for eval, no
       transcript that could be imported).
       Output never carries a key (anything key-shaped is masked), and bytes a terminal could act on are escaped.`;

// Node keeps the compiled code of every module a command loads (the engine's chunk, the price catalogue) in its compile
// cache on disk, so the next call starts from it (NODE_DISABLE_COMPILE_CACHE=1 turns it off). Node 22.1+.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// The AI SDK prints its compatibility warnings to stderr, where the CLI keeps only its one-line errors.
globalThis.AI_SDK_LOG_WARNINGS = false;

/**
 * Runs the command a checked line names. Each command's code is imported when it runs, so `--help` loads none of it and
 * `stats` none of the compaction profiles, replay or providers (the built CLI has a file per command).
 */
async function run(line: CommandLine): Promise<CommandOutput> {
  if (line.command === 'stats') return (await import('./stats-command')).statsCommand(line);
  if (line.command === 'compact') return (await import('./compact-command')).compactCommand(line);
  if (line.command === 'ab') return (await import('./ab-command')).abCommand(line);
  if (line.command === 'config') return (await import('./config-command')).configCommand(line);
  if (line.command === 'versus') return (await import('./versus-command')).versusCommand(line);
  if (line.command === 'replay') return (await import('./replay-command')).replayCommand(line);
  if (line.command === 'eval') return (await import('./eval-command')).evalCommand(line);
  throw new UsageError(`unknown command ${quoted(line.command ?? '', 40)}; try: compaction-lab --help`);
}

// A reader that stops early (`| head`) closes the pipe: the rest of the output has nowhere to go, which is no error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/** Writes and resolves once the text is handed to the system, so exiting right after loses none of it. */
function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

/** Every stderr line prefixed, masked and escaped: a file name or quoted input can neither carry a key nor break the line. */
function writeErrors(text: string): Promise<void> {
  return write(process.stderr, text.split('\n').map((line) => `compaction-lab: ${printableLine(line)}\n`).join(''));
}

async function main(): Promise<number> {
  try {
    const line = parseArguments(process.argv.slice(2));
    checkCommandLine(line);
    if (line.options.has('help') || line.command === undefined || line.command === 'help') {
      await write(process.stdout, `${HELP}\n`);
      return line.command === undefined && !line.options.has('help') ? 2 : 0;
    }
    const output = await run(line);
    if (output.stdout !== undefined) await write(process.stdout, `${output.isCheckedLink ? output.stdout : printable(output.stdout)}\n`);
    if (output.stderr !== undefined) await writeErrors(output.stderr);
    return output.exitCode;
  } catch (error) {
    // Our own errors are one line by construction; anything else (a bug) is cut to its first line.
    const message = UsageError.is(error) ? error.message : error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    await writeErrors(printableLine(message));
    return UsageError.is(error) ? error.exitCode : 1;
  }
}

// Exit as soon as the answer is out: a callback that timed out may have left a timer or a socket behind that would
// otherwise hold the process open long after its pass failed.
process.exit(await main());
