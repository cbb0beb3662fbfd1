import { performance } from 'node:perf_hooks';
import {
  compareVariants, measureRetention, TokenCache, type AbRun, type AbVariantStats, type CallbackRunner,
  type EncodingName, type SettingsProblem,
} from '../engine';
import { labConfigDocument } from '../engine/headless';
import { pinnedLinesOf, type ConfigDocument, type LabConfig } from '../engine/config';
import type { Transcript } from '../engine/transcript';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { offlineSummarizerModel } from '../providers/offline/offline-summarizer';
import { runCompaction } from '../lab/run-compaction';
import { UsageError, type CommandLine } from './arguments';
import { createCliCallbackRunner, readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { checkDocument } from './compact-config';
import type { AbOutput, AbVariantReport } from './ab-output';
import { formatAbTable } from './ab-table';
import { createLiveSummarizers, describeSpec, readProviderSetup, type ProviderSetup } from './provider-arguments';
import { readConfigFile } from './read-config-file';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import { readEncoding } from './transcript-basis';
import { transcriptBasis } from '../lab/transcript-basis';
import { readWholeNumber } from './whole-number';

/** The most repeats per variant: enough to see a spread, few enough that a typo cannot order a thousand paid calls. */
const maximumRepeats = 20;

interface Variant {
  source: string;
  config: LabConfig;
  setup?: ProviderSetup;
  /** Settings that cannot work as set, run anyway (empty unless `--run-anyway` let them through). */
  forced: SettingsProblem[];
}

/**
 * A variant's document checked as every run command checks one (`checkDocument`: the lab's pre-flight, the window),
 * with flags over its providers. A refusal names the variant, before either variant runs.
 */
function variantOf(line: CommandLine, source: string, document: ConfigDocument): Variant {
  const { config, forced, providers } = checkDocument(document, source, { runAnyway: line.options.has('run-anyway') });
  return { source, config, setup: readProviderSetup(line, providers, source), forced };
}

/** Both variants: `--a` and `--b` files, or one envelope's A/B pair when only `--a` is given. */
async function readVariants(line: CommandLine): Promise<[Variant, Variant]> {
  const fileA = line.options.get('a');
  const fileB = line.options.get('b');
  if (typeof fileA !== 'string') throw new UsageError('ab needs --a A.json (and --b B.json, unless A.json carries an A/B pair)');
  if (fileB === true) throw new UsageError('--b needs a config file');
  const first = await readConfigFile(fileA);
  if (fileB === undefined) {
    if (!first.ab) throw new UsageError(`ab needs --b B.json: ${fileA} carries no A/B pair`);
    return [variantOf(line, `${fileA}#a`, first.ab.a), variantOf(line, `${fileA}#b`, first.ab.b)];
  }
  const second = await readConfigFile(fileB);
  return [variantOf(line, fileA, first.document), variantOf(line, fileB, second.document)];
}

function readRepeat(option: string | true | undefined): number {
  if (option === undefined) return 1;
  const repeat = readWholeNumber(option).number ?? Number.NaN;
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > maximumRepeats) throw new UsageError(`--repeat must be a whole number from 1 to ${maximumRepeats}`);
  return repeat;
}

/** How every run of a comparison is made, the same for both variants: callbacks, encoding, and --run-anyway. */
interface RunSettings {
  allowCallbacks: boolean;
  /** The CLI's callback runner, with the `--callback-budget` every callback call must finish within. */
  callbacks: CallbackRunner;
  encoding: EncodingName;
  runAnyway: boolean;
}

function requestOf(variant: Variant, settings: RunSettings): Omit<RunSettings, 'callbacks'> & { config: ConfigDocument } {
  const { config } = variant;
  const { allowCallbacks, encoding, runAnyway } = settings;
  return { config: labConfigDocument(config), allowCallbacks, encoding, runAnyway };
}

/** Runs one variant `repeat` times in a row, timing each run and keeping its provider calls apart. */
async function runVariant(variant: Variant, transcript: Transcript, repeat: number, settings: RunSettings, cache: TokenCache): Promise<{ runs: AbRun[]; calls: LiveCallRecord[] }> {
  const runs: AbRun[] = [];
  const allCalls: LiveCallRecord[] = [];
  const request = requestOf(variant, settings);
  for (let index = 0; index < repeat; index++) {
    const calls: LiveCallRecord[] = [];
    const choice = variant.setup && createLiveSummarizers(variant.setup, process.env, (call) => calls.push(call));
    const started = performance.now();
    const result = await runCompaction(transcript, request, () => {}, { choice, cache, callbacks: settings.callbacks });
    const durationMs = performance.now() - started;
    runs.push({ result, calls, durationMs, retention: measureRetention(transcript, result, pinnedLinesOf(variant.config)) });
    allCalls.push(...calls.map((call) => ({ ...call, durationMs: Math.round(call.durationMs) })));
  }
  return { runs, calls: allCalls };
}

/** One clause for a variant some of whose runs did not succeed: its source, how many failed, and the first reason. */
function failureOf(variant: Variant, runs: readonly AbRun[], repeat: number): string | undefined {
  const failed = runs.filter((run) => !run.result.success);
  if (failed.length === 0) return undefined;
  const error = failed[0].result.error;
  const hint = error?.code === 'callbacks-need-consent' ? ' (pass --allow-callbacks to run them)' : '';
  return `${variant.source}: ${failed.length} of ${repeat} run${repeat === 1 ? '' : 's'} did not succeed (${error?.code ?? 'failed'}): ${error?.message ?? 'no reason given'}${hint}`;
}

function summarizerOf(setup: ProviderSetup | undefined): string {
  return setup ? [setup.smol && `smol=${describeSpec(setup.smol)}`, `main=${describeSpec(setup.main)}`].filter(Boolean).join(', ') : offlineSummarizerModel;
}

/**
 * `compaction-lab ab --a A.json --b B.json <transcript> [--repeat N] [--json] [--run N] [--encoding e] [--run-anyway]
 * [--smol …] [--main …] [--key-env VAR] [--allow-callbacks]`: runs both variants on the same transcript (A first, then
 * B, one run at a time) and prints the side-by-side table, or the comparison as JSON.
 */
export async function abCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('ab needs a transcript: compaction-lab ab --a A.json --b B.json <transcript>');
  const repeat = readRepeat(line.options.get('repeat'));
  const encoding = readEncoding(line.options.get('encoding'));
  const [variantA, variantB] = await readVariants(line);
  const imported = await readTranscriptFile(file);
  const transcriptIndex = selectTranscript(line.options.get('run'), imported.transcripts.length);
  const transcript = imported.transcripts[transcriptIndex];
  const callbacks = createCliCallbackRunner(readCallbackBudget(line));
  const settings: RunSettings = { allowCallbacks: line.options.has('allow-callbacks'), callbacks, encoding, runAnyway: line.options.has('run-anyway') };
  // An untimed offline run of each first (no provider is called): otherwise A alone would pay for loading the
  // tokenizer and warming the engine's code, and its latency would look worse than B's for it.
  // One token cache for every run and for the basis, as the app's worker keeps one: the warm-up counts the transcript
  // once, and the timed runs pay only a hash per message to measure their states exactly.
  const cache = new TokenCache();
  let ranA: Awaited<ReturnType<typeof runVariant>>;
  let ranB: typeof ranA;
  try {
    for (const variant of [variantA, variantB]) await runCompaction(transcript, requestOf(variant, settings), () => {}, { cache, callbacks });
    ranA = await runVariant(variantA, transcript, repeat, settings, cache);
    ranB = await runVariant(variantB, transcript, repeat, settings, cache);
  } finally {
    // The callback thread is stopped once the runs are done, so nothing of a callback's outlives them.
    await callbacks.close();
  }
  const documentOf = (variant: Variant) => ({ profile: variant.config.profile, ...variant.config.parameters });
  const { basis } = await transcriptBasis(transcript, encoding, cache);
  const comparison = compareVariants({ config: documentOf(variantA), runs: ranA.runs }, { config: documentOf(variantB), runs: ranB.runs }, basis, transcript.system);
  const report = (variant: Variant, ran: { calls: LiveCallRecord[] }, stats: AbVariantStats): AbVariantReport => ({
    source: variant.source,
    profile: variant.config.profile,
    summarizer: summarizerOf(variant.setup),
    stats,
    ...(variant.setup ? { calls: ran.calls } : {}),
    ...(variant.forced.length > 0 ? { forcedSettings: variant.forced } : {}),
  });
  const output: AbOutput = {
    transcript: file,
    run: transcriptIndex + 1,
    repeat,
    baseline: 'a',
    a: report(variantA, ranA, comparison.a),
    b: report(variantB, ranB, comparison.b),
    rows: comparison.rows,
    summariesDiffer: comparison.summariesDiffer,
    context: { encoding, unstoredOverhead: basis.overheadTokens },
  };
  const stdout = line.options.has('json') ? JSON.stringify(output, null, 2) : formatAbTable(output);
  const failed = [failureOf(variantA, ranA.runs, repeat), failureOf(variantB, ranB.runs, repeat)].filter((clause): clause is string => clause !== undefined);
  return failed.length === 0 ? { stdout, exitCode: 0 } : { stdout, stderr: failed.join('; '), exitCode: 1 };
}
