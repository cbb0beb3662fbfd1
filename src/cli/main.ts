import { abCommand } from './ab-command';
import { parseArguments, UsageError } from './arguments';
import { compactCommand } from './compact-command';
import { configCommand } from './config-command';
import { statsCommand } from './stats-command';

const HELP = `compaction-lab — see and tune how an agent compacts its context

Usage:
  compaction-lab stats <file> [--json] [--encoding o200k_base|cl100k_base] [--run N]
  compaction-lab compact <transcript> [--config cfg.json] [--profile auto-compactor|rolling-summary|two-tier|unified]
                         [--window N] [--set path=value]… [--out compacted.json] [--json] [--run N]
                         [--encoding o200k_base|cl100k_base] [--run-anyway] [--allow-callbacks]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]
                         [--probe[=model|facts]] [--probe-per-kind N]
  compaction-lab config defaults [--profile auto-compactor|rolling-summary|two-tier|unified]
  compaction-lab config validate <config.json>
  compaction-lab config link <config.json> [--base URL]
  compaction-lab config code <config.json> --lang dart|ts|harn [--all] [--variant a|b]
  compaction-lab ab --a A.json --b B.json <transcript> [--repeat N] [--json] [--run N] [--allow-callbacks]
                         [--encoding o200k_base|cl100k_base] [--run-anyway]
                         [--smol PROVIDER:MODEL[@BASE_URL]] [--main PROVIDER:MODEL[@BASE_URL]] [--key-env VAR]

basis  context tokens = exact count of what the transcript holds (in --encoding: o200k_base by default, or
       cl100k_base; stats, compact and ab alike) + the unstored overhead (system prompt and tool schemas the source
       never stored) estimated from logged usage; compaction changes only the first part. The profile's own
       estimate (chars/4, logged usage + tail, bytes/4, …), on which its gate decides, is shown as "gate saw".
stats  imports a transcript (format sniffed from its structure) and prints its report:
       messages by role, tool calls and pairing, compaction markers, exact tokens; the unstored overhead and
       context tokens (--json: unstoredOverhead, unstoredOverheadNote, contextTokens = tokens.total +
       unstoredOverhead) and the tokenizer calibration fitted from logged usage (calibration {model, ratio,
       spread {low, high}, calls}, or null with calibrationNote saying why).
compact runs a compaction profile and prints one row per pass: context tokens before → after, and what the gate
       saw; --out writes the compacted conversation as OpenAI Chat messages. Config fields are the seeds' own
       names. A config's JavaScript callbacks (two-tier maskCallback, compressCallback, customCompactor) run only
       with --allow-callbacks. --json adds context {encoding, before, after, unstoredOverhead, trigger, window,
       fitsAfter}: before/after are exact counts of what the transcript holds (before = stats' tokens.total),
       fitsAfter = after + unstoredOverhead ≤ trigger (null without a trigger); flags gain no-op-pass (a pass that
       replaced nothing) and estimate-disagrees (success, yet the context after is over the trigger; pass 0 when no
       pass ran). Settings that cannot work as set (e.g. reserveTokens ≥ window) are refused before anything runs or is
       written: one line on stderr, exit 2; --run-anyway runs them regardless and reports forcedSettings.
       Summaries come from the offline extractive summarizer unless providers are named:
         --main / --smol PROVIDER:MODEL[@BASE_URL]  PROVIDER one of openai, openai-responses, anthropic, google,
                       openrouter, openai-compatible (which needs @BASE_URL, e.g. @http://localhost:11434/v1);
                       smol is the cheap first rung, main its fallback (auto-compactor), then a local trim.
         --key-env VAR the NAME of the environment variable holding the key; keys are never read from files
                       or flags. A config may instead carry providers: {smol|main: {provider, model, baseURL,
                       apiKeyEnv}}. With providers, --json also lists every attempt and each call's usage and cost.
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
       (exit 2) unless --run-anyway, which applies to both.`;

// The AI SDK prints its compatibility warnings to stderr, where the CLI keeps only its one-line errors.
globalThis.AI_SDK_LOG_WARNINGS = false;

async function main(): Promise<number> {
  const line = parseArguments(process.argv.slice(2));
  if (line.options.has('help') || line.command === undefined || line.command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return line.command === undefined && !line.options.has('help') ? 2 : 0;
  }
  try {
    if (line.command === 'stats') {
      process.stdout.write(`${await statsCommand(line)}\n`);
      return 0;
    }
    if (line.command === 'compact') {
      process.stdout.write(`${await compactCommand(line)}\n`);
      return 0;
    }
    if (line.command === 'ab') {
      process.stdout.write(`${await abCommand(line)}\n`);
      return 0;
    }
    if (line.command === 'config') {
      const output = await configCommand(line);
      if (output.stdout !== undefined) process.stdout.write(`${output.stdout}\n`);
      if (output.stderr !== undefined) process.stderr.write(`${output.stderr}\n`);
      return output.exitCode;
    }
    throw new UsageError(`unknown command "${line.command}"; try: compaction-lab --help`);
  } catch (error) {
    const exitCode = error instanceof UsageError ? error.exitCode : 1;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`compaction-lab: ${message.split('\n')[0]}\n`);
    return exitCode;
  }
}

process.exitCode = await main();
