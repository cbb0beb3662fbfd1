import { availableParallelism } from 'node:os';
import { labConfigDocument } from '../engine/headless';
import { UsageError, type CommandLine } from './arguments';
import { readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { expandInputs } from './eval-inputs';
import { evalOutput } from './eval-output';
import { runEvalPool } from './eval-pool';
import type { EvalPolicy, EvalRow, EvalThreadData } from './eval-protocol';
import { assertionFailureLine, evalDefinition, formatCompactionTable, judge, orderedCells, readAssertions, readMode, type EvalJudgement } from './eval-experiment';
import { experimentCellLine, experimentHeaderLine, experimentSummaryLine, skippedLine } from '../lab/experiment/experiment-jsonl';
import type { CellRow, ExperimentMode } from '../lab/experiment/experiment-types';
import { formatEvalTable } from './eval-table';
import { checkDocument } from './compact-config';
import { createLiveSummarizers, readProviderSetup } from './provider-arguments';
import { readConfigFile } from './read-config-file';
import { readPricesOption } from './read-price-file';
import { progressLine } from './replay-progress';
import { printable, quoted } from './terminal-text';
import { readEncoding } from './transcript-basis';
import { readWholeNumber } from './whole-number';

const usage = 'compaction-lab eval <files or directories…> --config A.json [--config B.json …] [--mode replay|compaction] [--assert EXPR …] [--json | --jsonl] [--jobs N]';

/** `--jobs N`: how many worker threads replay at once, a whole number from 1; the machine's cores when absent. */
function readJobs(value: string | true | undefined): number {
  if (value === undefined) return availableParallelism();
  const { number } = readWholeNumber(value);
  if (number === undefined || number < 1) throw new UsageError(`--jobs needs a whole number of threads from 1, not ${value === true ? 'nothing' : quoted(value, 20)}`);
  return number;
}

/**
 * One `--config` file read and checked exactly as `replay` reads it (the one reader, the lab's pre-flight: invalid
 * fields, prompt overrides that cannot be sent, settings that cannot work unless `--run-anyway`; a `providers` field
 * and its key variables), before any transcript is touched: a bad config is one line naming the file and the field
 * (exit 2), never a corpus of failed rows. `eval` takes no provider flags, so the providers are the file's own.
 */
async function readPolicy(line: CommandLine, file: string, runAnyway: boolean): Promise<EvalPolicy> {
  const { document } = await readConfigFile(file);
  const { config, providers } = checkDocument(document, file, { runAnyway });
  const setup = readProviderSetup(line, providers, file);
  // Building the live summarizers reads their keys from the environment: a missing one is refused here, not per file.
  if (setup) createLiveSummarizers(setup, process.env, () => undefined);
  return { name: file, profile: config.profile, document: labConfigDocument(config), ...(setup ? { setup } : {}) };
}

/** Writes one line to stdout (masked and escaped, as everything the CLI prints) and resolves once it is handed over. */
function writeLine(text: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${printable(text)}\n`, () => resolve()));
}

/** Writes lines to stdout in order, each once it is handed over; `flush` waits for all written so far. */
function lineWriter(isOn: boolean): { write: (text: string) => void; flush: () => Promise<void> } {
  const writes: Promise<void>[] = [];
  return { write: (text) => void (isOn && writes.push(writeLine(text))), flush: () => Promise.all(writes).then(() => undefined) };
}

/**
 * `compaction-lab eval <files or directories…> --config A.json [--config B.json] [--mode replay|compaction]
 * [--assert EXPR]… [--json | --jsonl] [--jobs N] [--encoding e] [--prices FILE] [--run-anyway] [--allow-callbacks
 * [--callback-budget S]]`: runs every transcript under each config in worker threads — a whole-session replay (the
 * default: each config's totals and distributions, with B against A for two) or a single compaction at each config's
 * settings (`--mode compaction`, any number of configs) — and judges each cell on the assertions. `--jsonl` prints the
 * experiment's JSONL (header, one line per cell, summary), the one format the Experiments view opens. A file that
 * cannot be imported is reported and skipped. Exit 0 when every cell ran and no assertion failed; 1 when a cell did
 * not run or an assertion failed; 2 when a config or an assertion is invalid (checked first) or nothing could be imported.
 */
export async function evalCommand(line: CommandLine): Promise<CommandOutput> {
  if (line.operands.length === 0) throw new UsageError(`eval needs transcripts: ${usage}`);
  if (line.configs.length === 0) throw new UsageError(`eval needs a config to replay under: ${usage}`);
  const mode = readMode(line.options.get('mode'));
  if (mode === 'replay' && line.configs.length > 2) throw new UsageError(`eval compares at most two configs (A and B) in replay mode, not ${line.configs.length}; --mode compaction takes any number`);
  const twice = line.configs.find((file, index) => line.configs.indexOf(file) !== index);
  if (twice !== undefined) throw new UsageError(`--config ${quoted(twice)} is given twice; give different configs`);
  const assertions = readAssertions(line);
  const format = line.options.has('jsonl') ? 'jsonl' : line.options.has('json') ? 'json' : 'table';
  if (line.options.has('json') && format === 'jsonl') throw new UsageError('--json and --jsonl: give one of them');
  const jobs = readJobs(line.options.get('jobs'));
  const runAnyway = line.options.has('run-anyway');
  const data: EvalThreadData = {
    policies: [],
    mode,
    encoding: readEncoding(line.options.get('encoding')),
    runAnyway,
    allowCallbacks: line.options.has('allow-callbacks'),
    callbackBudgetMs: readCallbackBudget(line),
    prices: await readPricesOption(line),
  };
  for (const file of line.configs) data.policies.push(await readPolicy(line, file, runAnyway));
  const { files, skipped } = await expandInputs(line.operands);
  const definition = await evalDefinition(mode, data.policies, assertions, files);
  const rows: EvalRow[] = [];
  const cells: CellRow[] = [];
  const out = lineWriter(format === 'jsonl');
  out.write(experimentHeaderLine(definition));
  for (const entry of skipped) out.write(skippedLine(entry));
  const progress = progressLine(process.stderr, 'sparse');
  let finished = 0;
  const report = () => progress.update(`eval: ${finished}/${files.length} transcripts · ${skipped.length} failed to import`, finished, files.length);
  await runEvalPool(files, data, jobs, (message) => {
    if (message.type === 'row' || message.type === 'cell') {
      if (message.type === 'row') rows.push(message.row);
      cells.push(message.cell);
      out.write(experimentCellLine(definition, message.cell));
    } else if (message.type === 'skipped') {
      skipped.push({ file: message.file, reason: message.reason });
      out.write(skippedLine(message));
    } else {
      finished += 1;
      report();
    }
  });
  progress.done();
  const ordered = orderedCells(cells, files, definition);
  out.write(experimentSummaryLine(definition, ordered));
  await out.flush();
  const judgement = judge(definition, ordered, assertions);
  const stdout = format === 'jsonl' ? undefined : printed(format, { mode, data, rows, ordered, skipped, files, judgement, hasAssertions: assertions.length > 0 });
  return verdict(stdout, ordered, { mode, files: files.length, skipped: skipped.length }, judgement);
}

interface PrintedEval {
  mode: ExperimentMode;
  data: EvalThreadData;
  rows: readonly EvalRow[];
  ordered: readonly CellRow[];
  skipped: readonly { file: string; reason: string }[];
  files: readonly string[];
  judgement: EvalJudgement;
  hasAssertions: boolean;
}

/**
 * `--json` and the table. Replay mode prints eval's own output as before, and with assertions each row's results and
 * each config's tallies; compaction mode prints the cells and each config's summary.
 */
function printed(format: 'json' | 'table', { mode, data, rows, ordered, skipped, files, judgement, hasAssertions }: PrintedEval): string {
  if (mode === 'compaction') {
    const { results, ...summary } = judgement;
    return format === 'json' ? JSON.stringify({ mode, ...summary, cells: ordered.map((cell, index) => ({ ...cell, assertions: results[index] })), skipped }, null, 2) : formatCompactionTable(judgement, files.length, skipped, ordered);
  }
  const output = evalOutput(data.policies, rows, skipped, files, data.prices ? Object.keys(data.prices) : undefined);
  if (format === 'table') return formatEvalTable(output, files.length);
  if (!hasAssertions) return JSON.stringify(output, null, 2);
  // The rows and the cells are in the same order (file, run, config), one cell per row.
  const transcripts = output.transcripts.map((row, index) => ({ ...row, assertions: judgement.results[index] }));
  const configs = output.configs.map((config, index) => ({ ...config, assertions: judgement.configs[index].assertions, passesAll: judgement.configs[index].passesAll }));
  return JSON.stringify({ ...output, configs, transcripts }, null, 2);
}

/** The exit: 2 when nothing ran, 1 when a cell did not run or an assertion failed (one line saying which), else 0. */
function verdict(stdout: string | undefined, cells: readonly CellRow[], counts: { mode: ExperimentMode; files: number; skipped: number }, judgement: EvalJudgement): CommandOutput {
  if (cells.length === 0) {
    const why = counts.files === 0 ? 'no transcript files were found' : `none of the ${counts.files} files could be imported`;
    return { stdout, stderr: `nothing could be ${counts.mode === 'replay' ? 'replayed' : 'compacted'}: ${why} (${counts.skipped} skipped)`, exitCode: 2 };
  }
  const failed = cells.flatMap((cell) => (cell.ok ? [] : [cell]));
  if (failed.length > 0) {
    const [first] = failed;
    const what = first.mode === 'replay' ? 'replays' : 'compactions';
    return { stdout, stderr: `${failed.length} of ${cells.length} ${what} failed; the first: ${first.file} under ${first.config}: ${first.error}`, exitCode: 1 };
  }
  const assertionFailure = assertionFailureLine(judgement.configs);
  return assertionFailure ? { stdout, stderr: assertionFailure, exitCode: 1 } : { stdout, exitCode: 0 };
}
