import { constants } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { exportOpenAiChat, flaggedOutcome, isFailingFlag, measureRetention, pinnedLinesOf, TokenCache, type CompactionEvent, type OutcomeFlag, type RunResult } from '../engine';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { labConfigDocument } from '../engine/headless';
import { runCompaction } from '../lab/run-compaction';
import { UsageError, type CommandLine } from './arguments';
import { createCliCallbackRunner, readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { formatCompactTable } from './compact-table';
import type { AttemptReport, CompactOutput } from './compact-output';
import { mergeFlags } from './context-output';
import { contextOutput } from '../lab/run-context';
import { pinnedLineSurvival } from './pinned-lines';
import { retentionOutput, withNeedWeighted } from './retention-output';
import { createLiveSummarizers } from './provider-arguments';
import { consentRefusal, readRunSettings, summarizerLabel } from './run-settings';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import { probeLastPass, readProbeOptions } from './probe-output';
import { readEncoding } from './transcript-basis';
import { transcriptBasis } from '../lab/transcript-basis';
import { readRunStart, startingPoint } from './run-start-option';

/** Turns the engine's attempt-start / attempt-end / attempt-retry events into one report per attempt. */
function collectAttempts(attempts: AttemptReport[]): (event: CompactionEvent) => void {
  const labels = new Map<string, string>();
  return (event) => {
    const key = `${'pass' in event ? event.pass : 0}:${'attempt' in event ? event.attempt : 0}`;
    if (event.type === 'attempt-start') labels.set(key, event.role === 'local' || !event.model ? event.role : `${event.role}=${event.model}`);
    if (event.type === 'attempt-end') {
      attempts.push({ pass: event.pass, label: labels.get(key) ?? 'unknown', attempt: event.attempt, ok: event.ok, error: event.error?.message, retryable: event.error?.isRetryable ?? false, durationMs: Math.round(event.durationMs) });
    }
    if (event.type === 'attempt-retry') {
      const ended = attempts.findLast((attempt) => attempt.pass === event.pass && attempt.attempt === event.attempt);
      if (ended) ended.retryDelayMs = event.delayMs;
    }
  };
}

/**
 * Sums usage and cost. A call the provider refused (an HTTP error status, or no connection) is not billed; any other
 * call without a known cost (unpriced model, or aborted before usage arrived) makes the total unknown.
 */
function totalUsage(calls: readonly LiveCallRecord[]): NonNullable<CompactOutput['usage']> {
  const isRefused = (call: LiveCallRecord): boolean => !call.ok && !call.aborted && (call.status === null || call.status >= 400);
  const costs = calls.filter((call) => !isRefused(call)).map((call) => call.costUsd);
  return {
    inputTokens: calls.reduce((sum, call) => sum + (call.usage?.inputTokens ?? 0), 0),
    outputTokens: calls.reduce((sum, call) => sum + (call.usage?.outputTokens ?? 0), 0),
    costUsd: costs.some((cost) => cost === null) ? null : costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0),
  };
}

/**
 * Checks `--out` before anything runs: a directory cannot be written, and a named pipe nobody reads would hold the
 * write forever. Opening for writing without blocking fails at once on such a pipe; an existing regular file, a
 * device such as /dev/null, or a pipe with a reader is fine. Nothing is created or truncated here.
 */
async function checkOut(out: string): Promise<void> {
  const handle = await open(out, constants.O_WRONLY | constants.O_NONBLOCK).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENXIO') throw new UsageError(`--out ${out}: is a named pipe that nobody reads, so writing to it would wait forever`);
    if (error.code === 'EISDIR') throw new UsageError(`--out ${out}: is a directory; name a file to write`);
    throw new UsageError(`--out ${out}: cannot be written (${error.code ?? 'unknown error'})`);
  });
  await handle?.close();
}

/** The one line a run that did not succeed prints on stderr: the file it concerns and what went wrong. */
function failureLine(result: RunResult, transcriptFile: string, configFile: string | undefined): string {
  const error = result.error;
  return consentRefusal(error, configFile) ?? `${transcriptFile}: the run did not succeed (${error?.code ?? 'failed'}): ${error?.message ?? 'no reason given'}`;
}

/**
 * What the run really did, in words, and whether it did what was asked: a success whose context is over the window
 * (the model would refuse the next call) or which replaced nothing did not, whatever the profile reported; nor did one
 * whose callbacks spent their budget (`exhausted`), since it fell back to the heuristic instead of the config's
 * callbacks; a wiped history is said, but the run did compact.
 */
function compactOutcome(result: RunResult, flags: readonly OutcomeFlag[], exhausted: string | undefined): { words: string; isDone: boolean } {
  const flagged = flaggedOutcome(flags);
  if (result.cancelled) return { words: 'cancelled', isDone: false };
  if (!result.success) return { words: `failed: ${result.error?.message ?? 'unknown error'}${flagged ? `; ${flagged.words}` : ''}`, isDone: false };
  if (exhausted) return { words: `fell back: ${exhausted}${flagged ? `; ${flagged.words}` : ''}`, isDone: false };
  return flagged ? { words: flagged.words, isDone: !flagged.isFailure } : { words: 'ok', isDone: true };
}

/**
 * `compaction-lab compact <transcript> [--config f] [--profile p] [--window N] [--set path=value]… [--out f] [--json]
 * [--encoding e] [--run-anyway] [--smol P:M[@URL]] [--main P:M[@URL]] [--key-env VAR] [--probe model|facts]
 * [--probe-per-kind N]`: live summarizers when providers are named, else offline; `--probe` then asks the main model
 * probe questions about the last pass. Settings that cannot work as set are refused before any work unless `--run-anyway`.
 */
export async function compactCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('compact needs a transcript: compaction-lab compact <transcript> [--profile auto-compactor|rolling-summary|two-tier|unified]');
  const encoding = readEncoding(line.options.get('encoding'));
  const from = readRunStart(line.options.get('from'));
  const { config, configFile, runAnyway, setup } = await readRunSettings(line);
  const probeOptions = readProbeOptions(line, setup);
  const callbacks = createCliCallbackRunner(readCallbackBudget(line));
  const out = line.options.get('out');
  if (typeof out === 'string') await checkOut(out);
  const calls: LiveCallRecord[] = [];
  const choice = setup && createLiveSummarizers(setup, process.env, (call) => calls.push(call));
  const imported = await readTranscriptFile(file);
  const wholeFile = imported.transcripts[selectTranscript(line.options.get('run'), imported.transcripts.length)];
  // The run, its export, retention and probes all work on the context it started from; the file read stays as it was.
  const { input: transcript, start } = startingPoint(wholeFile, from, file);
  const attempts: AttemptReport[] = [];
  const request = { config: labConfigDocument(config), allowCallbacks: line.options.has('allow-callbacks'), encoding, runAnyway };
  // One cache for the run's exact measurement and the basis below: each message is tokenized once.
  const cache = new TokenCache();
  // The callback thread is stopped once the run is done, so nothing of a callback's outlives it.
  const result = await runCompaction(transcript, request, collectAttempts(attempts), { choice, cache, callbacks }).finally(() => callbacks.close());
  if (typeof out === 'string') {
    await writeFile(out, `${JSON.stringify(exportOpenAiChat({ ...transcript, messages: result.messages }), null, 2)}\n`).catch((error: { code?: string }) => {
      throw new UsageError(`--out ${out}: cannot be written (${error.code ?? 'unknown error'})`, 1);
    });
  }
  const measured = measureRetention(transcript, result, pinnedLinesOf(config));
  const retention = retentionOutput(measured);
  const outcome = contextOutput(result, await transcriptBasis(transcript, encoding, cache, wholeFile), config);
  // A compress callback that spent the budget fell back to the heuristic, as the seed does: the run succeeded, but not
  // as the config describes, so the outcome and the exit code say so.
  const exhausted = callbacks.budgetExhausted();
  const verdict = compactOutcome(result, outcome.flags, exhausted);
  const probes = probeOptions && setup ? await probeLastPass(transcript, result, probeOptions, setup, process.env) : undefined;
  const output: CompactOutput = {
    profile: config.profile,
    start,
    success: result.success,
    cancelled: result.cancelled,
    outcome: verdict.words,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    passes: result.passes.map((pass, index) => ({ pass: pass.pass, tokensBefore: pass.tokensBefore, tokensAfter: pass.tokensAfter, exact: pass.exact, strategy: pass.strategy, attempts: pass.attempts, fallback: pass.fallback, ok: pass.ok, durationMs: Math.round(pass.durationMs), flags: pass.flags, lint: pass.lint, retention: measured[index].cumulative.overall, ...withNeedWeighted(measured[index]) })),
    summarizerCalls: result.summarizerCalls,
    summarizer: summarizerLabel(setup),
    pinnedLines: pinnedLineSurvival(config, transcript.system, result.messages),
    error: result.error,
    context: outcome.context,
    ...(result.forcedSettings ? { forcedSettings: result.forcedSettings } : {}),
    attempts,
    retention: retention.retention,
    flags: mergeFlags(retention.flags, outcome.flags),
    ...(setup ? { calls: calls.map((call) => ({ ...call, durationMs: Math.round(call.durationMs) })), usage: totalUsage(calls) } : {}),
    ...(probes ? { probes } : {}),
  };
  const stdout = line.options.has('json') ? JSON.stringify(output, null, 2) : formatCompactTable(output);
  if (!result.success) return { stdout, stderr: failureLine(result, file, configFile), exitCode: 1 };
  if (exhausted) return { stdout, stderr: `${file}: the run fell back without its callbacks: ${exhausted}`, exitCode: 1 };
  if (verdict.isDone) return { stdout, exitCode: 0 };
  // A success that did not do what was asked exits 1 as a failure does, with the flag's own words on stderr.
  return { stdout, stderr: `${file}: ${outcome.flags.filter(isFailingFlag).map((flag) => flag.message).join(' ')}`, exitCode: 1 };
}
