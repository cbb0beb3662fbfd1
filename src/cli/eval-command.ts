import { availableParallelism } from 'node:os';
import { labConfigDocument } from '../engine/headless';
import { UsageError, type CommandLine } from './arguments';
import { readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { expandInputs } from './eval-inputs';
import { evalOutput } from './eval-output';
import { runEvalPool } from './eval-pool';
import type { EvalPolicy, EvalRow, EvalThreadData } from './eval-protocol';
import { formatEvalTable } from './eval-table';
import { checkDocument } from './compact-config';
import { createLiveSummarizers, readProviderSetup } from './provider-arguments';
import { readConfigFile } from './read-config-file';
import { readPricesOption } from './read-price-file';
import { progressLine } from './replay-progress';
import { printable, quoted } from './terminal-text';
import { readEncoding } from './transcript-basis';
import { readWholeNumber } from './whole-number';

const usage = 'compaction-lab eval <files or directories…> --config A.json [--config B.json] [--json | --jsonl] [--jobs N]';

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

/**
 * `compaction-lab eval <files or directories…> --config A.json [--config B.json] [--json | --jsonl] [--jobs N]
 * [--encoding e] [--prices FILE] [--run-anyway] [--allow-callbacks [--callback-budget S]]`: replays every transcript under each
 * config in worker threads and reports each config's totals and distributions, with B against A for two. A file that
 * cannot be imported is reported and skipped. Exit 0 when every transcript read was replayed; 1 when some replay did
 * not run; 2 when a config is invalid (checked first) or no transcript could be imported.
 */
export async function evalCommand(line: CommandLine): Promise<CommandOutput> {
  if (line.operands.length === 0) throw new UsageError(`eval needs transcripts: ${usage}`);
  if (line.configs.length === 0) throw new UsageError(`eval needs a config to replay under: ${usage}`);
  if (line.configs.length > 2) throw new UsageError(`eval compares at most two configs (A and B), not ${line.configs.length}`);
  if (line.configs.length === 2 && line.configs[0] === line.configs[1]) throw new UsageError(`--config ${quoted(line.configs[0])} is given twice; give two different configs`);
  const format = line.options.has('jsonl') ? 'jsonl' : line.options.has('json') ? 'json' : 'table';
  if (line.options.has('json') && format === 'jsonl') throw new UsageError('--json and --jsonl: give one of them');
  const jobs = readJobs(line.options.get('jobs'));
  const runAnyway = line.options.has('run-anyway');
  const data: EvalThreadData = {
    policies: [],
    encoding: readEncoding(line.options.get('encoding')),
    runAnyway,
    allowCallbacks: line.options.has('allow-callbacks'),
    callbackBudgetMs: readCallbackBudget(line),
    prices: await readPricesOption(line),
  };
  for (const file of line.configs) data.policies.push(await readPolicy(line, file, runAnyway));
  const { files, skipped } = await expandInputs(line.operands);
  const rows: EvalRow[] = [];
  const writes: Promise<void>[] = [];
  if (format === 'jsonl') for (const entry of skipped) writes.push(writeLine(JSON.stringify({ type: 'skipped', ...entry })));
  const progress = progressLine(process.stderr, 'sparse');
  let finished = 0;
  const report = () => progress.update(`eval: ${finished}/${files.length} transcripts · ${skipped.length} failed to import`, finished, files.length);
  await runEvalPool(files, data, jobs, (message) => {
    if (message.type === 'row') {
      rows.push(message.row);
      if (format === 'jsonl') writes.push(writeLine(JSON.stringify({ type: 'row', ...message.row })));
    } else if (message.type === 'skipped') {
      skipped.push({ file: message.file, reason: message.reason });
      if (format === 'jsonl') writes.push(writeLine(JSON.stringify({ type: 'skipped', file: message.file, reason: message.reason })));
    } else {
      finished += 1;
      report();
    }
  });
  progress.done();
  await Promise.all(writes);
  const output = evalOutput(data.policies, rows, skipped, files, data.prices ? Object.keys(data.prices) : undefined);
  const stdout = format === 'jsonl' ? undefined : format === 'json' ? JSON.stringify(output, null, 2) : formatEvalTable(output, files.length);
  if (rows.length === 0) {
    const why = files.length === 0 ? 'no transcript files were found' : `none of the ${files.length} files could be imported`;
    return { stdout, stderr: `nothing could be replayed: ${why} (${skipped.length} skipped)`, exitCode: 2 };
  }
  const failed = rows.filter((row) => !row.ok);
  if (failed.length > 0) {
    const [first] = failed;
    return { stdout, stderr: `${failed.length} of ${rows.length} replays failed; the first: ${first.file} under ${first.config}: ${first.ok ? '' : first.error}`, exitCode: 1 };
  }
  return { stdout, exitCode: 0 };
}
