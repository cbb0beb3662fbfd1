import { TokenCache } from '../engine';
import { labConfigDocument } from '../engine/headless';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { compareAtCompaction } from '../lab/versus';
import { UsageError, type CommandLine } from './arguments';
import { createCliCallbackRunner, readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { createLiveSummarizers } from './provider-arguments';
import { consentRefusal, readRunSettings, summarizerLabel } from './run-settings';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import { quoted } from './terminal-text';
import { readEncoding } from './transcript-basis';
import { versusOutput } from './versus-output';
import { formatVersusTable } from './versus-table';
import { readWholeNumber } from './whole-number';

/** `--boundary N`: a compaction's 1-based ordinal in plain decimal digits; undefined (the last readable one) when absent. */
function readBoundary(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  const { number } = readWholeNumber(value);
  if (number === undefined || number < 1) {
    throw new UsageError(`--boundary needs a compaction's number, a whole number from 1, not ${value === true ? 'nothing' : quoted(value, 20)}`);
  }
  return number;
}

/**
 * `compaction-lab versus <transcript> [--profile p] [--config f] [--window N] [--set path=value]… [--boundary N] [--size-like-agent] [--json]
 * [--run N] [--encoding e] [--run-anyway] [--allow-callbacks [--callback-budget S]] [--smol …] [--main …] [--key-env VAR]`:
 * the profile against the agent's own compaction (`compareAtCompaction`), sized like the agent's summary with
 * `--size-like-agent`. A transcript without a readable compaction,
 * or without compaction N, is refused as input (exit 2: nothing ran); a profile run that fails exits 1.
 */
export async function versusCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('versus needs a transcript: compaction-lab versus <transcript> [--profile auto-compactor|rolling-summary|two-tier|unified] [--boundary N]');
  const encoding = readEncoding(line.options.get('encoding'));
  const boundary = readBoundary(line.options.get('boundary'));
  const { config, configFile, runAnyway, setup } = await readRunSettings(line);
  const callbacks = createCliCallbackRunner(readCallbackBudget(line));
  const calls: LiveCallRecord[] = [];
  const choice = setup && createLiveSummarizers(setup, process.env, (call) => calls.push(call));
  const imported = await readTranscriptFile(file);
  const transcript = imported.transcripts[selectTranscript(line.options.get('run'), imported.transcripts.length)];
  const sizing = line.options.has('size-like-agent') ? 'like-agent' : 'as-configured';
  const request = { config: labConfigDocument(config), boundary, encoding, allowCallbacks: line.options.has('allow-callbacks'), runAnyway, sizing } as const;
  const answer = await compareAtCompaction(transcript, request, () => undefined, { choice, callbacks, cache: new TokenCache() }).finally(() => callbacks.close());
  if (!answer.ok) {
    // Nothing to compare against: the input is refused, nothing ran. The field a refusal concerns: the --boundary the
    // user gave, or (by default) the transcript's compactions.
    const field = boundary === undefined ? '' : `--boundary ${boundary}: `;
    throw new UsageError(`${file}: ${field}${answer.error.message}`);
  }
  const outcome = answer.value;
  if (!outcome.compared) {
    const refusal = consentRefusal(outcome.run.error, configFile);
    if (refusal) return { stderr: refusal, exitCode: 1 };
    return { stderr: `${file}: ${outcome.message}`, exitCode: 1 };
  }
  const summarizer = summarizerLabel(setup);
  const output = versusOutput({ transcript, report: outcome.report, run: outcome.run, compactions: outcome.compactions, summarizer, ...(setup ? { calls } : {}) });
  return { stdout: line.options.has('json') ? JSON.stringify(output, null, 2) : formatVersusTable(output), exitCode: 0 };
}
