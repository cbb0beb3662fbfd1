import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultDocument } from '../../engine/config';
import { profileIds } from '../../engine/profiles/meta';
import { experimentLink } from '../../state/experiment-share';
import type { ExperimentDefinition } from '../../worker-client/experiment-protocol';
import { formatMs, formatTable, print, timeAsync } from '../timing';
import { longTasksBetween, pageNow } from './bench-page';

const repository = path.join(import.meta.dirname, '..', '..', '..');

/** The sessions the issue names (../shared/fixtures/compactions): read where they are, never copied into the repository. */
const corpusDirectory = path.join(repository, '..', 'shared', 'fixtures', 'compactions');

/** What the experiment step measured: the browser's time and longest task, the CLI's time, and each side's cells. */
interface ExperimentMeasurement {
  cells: number;
  browserMs: number;
  browserCellsOk: number;
  longestTaskMs: number;
  /** The longest task from the end of the run until the frontier's plot is drawn (it is drawn when the run ends). */
  plotTaskMs: number;
  cliMs: number;
  cliCellsOk: number;
}

/** The corpus's sessions, or undefined when the corpus is not beside the repository. */
function corpusFiles(): string[] | undefined {
  if (!existsSync(corpusDirectory)) return undefined;
  const files = readdirSync(corpusDirectory).filter((name) => name.endsWith('.jsonl')).sort().map((name) => path.join(corpusDirectory, name));
  return files.length > 0 ? files : undefined;
}

/** Four configs, one per profile at its defaults (the offline summarizer: no providers), as documents and as files for the CLI. */
function benchConfigs(workDirectory: string): { name: string; document: ReturnType<typeof defaultDocument>; file: string }[] {
  return profileIds.map((profile) => {
    const file = path.join(workDirectory, `${profile}.json`);
    const document = defaultDocument(profile);
    writeFileSync(file, JSON.stringify(document));
    return { name: `${profile}.json`, document, file };
  });
}

/** `compaction-lab eval --mode compaction --jobs 2` on the same cells, spawned as a user runs it: its wall time and its cells that ran. */
async function measureCli(files: readonly string[], configs: readonly { file: string }[]): Promise<{ ms: number; cellsOk: number }> {
  const argv = [path.join(repository, 'src', 'cli', 'bin.mjs'), 'eval', ...files, ...configs.flatMap((config) => ['--config', config.file]), '--mode', 'compaction', '--jobs', '2', '--jsonl'];
  const { result, durationMs } = await timeAsync(() => promisify(execFile)(process.execPath, argv, { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })));
  const cellsOk = result.stdout.split('\n').filter((line) => line.startsWith('{"type":"cell"') && line.includes('"ok":true')).length;
  return { ms: durationMs, cellsOk };
}

/**
 * The same experiment in the built app: opened from an `#experiment=` link of its definition (configs and the
 * sessions' names and hashes), applied, the sessions added as files, then Run experiment — timed on the page clock from
 * the click to the moment the progress reads every cell finished, with the main thread's longest task in between.
 */
async function measureBrowser(page: Page, baseUrl: string, definition: ExperimentDefinition, files: readonly string[]): Promise<{ ms: number; cellsOk: number; longestTaskMs: number; plotTaskMs: number }> {
  const base = new URL(baseUrl);
  const made = experimentLink(definition, { origin: base.origin, pathname: base.pathname });
  if ('refused' in made) throw new Error(made.message);
  await page.goto(made.link.replace('#', '?sample=none#'));
  const view = page.locator('.experiments-view');
  await view.getByRole('button', { name: 'Apply the shared experiment' }).click({ timeout: 60_000 });
  await view.getByLabel('Add transcript files…').setInputFiles([...files]);
  const run = view.getByRole('button', { name: 'Run experiment' });
  await run.and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
  const total = definition.configs.length * definition.transcripts.length;
  const from = await pageNow(page);
  await run.click();
  const finished = await page.waitForFunction(
    (cells) => new RegExp(`^${cells} of ${cells} cells`).test(document.querySelector('[data-testid="experiment-progress"]')?.textContent ?? '') && performance.now(),
    total,
    { polling: 'raf', timeout: 30 * 60_000 },
  );
  const to = (await finished.jsonValue()) as number;
  const tasks = await longTasksBetween(page, from, to);
  const cellsOk = await page.locator('table[aria-label="Experiment results"] tbody td[data-status="done"]').count();
  await page.locator('.frontier-points .frontier-dot').first().waitFor({ timeout: 60_000 });
  const plotTasks = await longTasksBetween(page, to, await pageNow(page));
  const longest = (list: readonly { duration: number }[]) => Math.max(0, ...list.map((task) => task.duration));
  return { ms: to - from, cellsOk, longestTaskMs: longest(tasks), plotTaskMs: longest(plotTasks) };
}

/**
 * The experiment (4 configs × the 12 sessions of ../shared/fixtures/compactions, single compactions, offline
 * summarizer) in the built app's Experiments view and with `eval --jobs 2` in the same run, printed with the ratio
 * browser ÷ CLI (target ≤ 1.5) and the main thread's longest task while it ran (target < 100 ms). Reports; never fails
 * on a time. A string says why it did not run.
 */
export async function measureExperiment(page: Page, baseUrl: string, workDirectory: string): Promise<ExperimentMeasurement | string> {
  const files = corpusFiles();
  if (!files) return `skipped: no corpus (${corpusDirectory} is not there)`;
  const configs = benchConfigs(workDirectory);
  const definition: ExperimentDefinition = {
    version: 1,
    name: 'bench: 4 profiles × the compactions corpus',
    mode: 'compaction',
    configs: configs.map(({ name, document }) => ({ name, document })),
    assertions: [],
    transcripts: files.map((file) => {
      const bytes = readFileSync(file);
      return { name: path.basename(file), sha256: createHash('sha256').update(bytes).digest('hex'), sizeBytes: bytes.byteLength };
    }),
  };
  print(`Experiment: ${configs.length} configs × ${files.length} sessions, single compactions, offline summarizer; eval --jobs 2 first…`);
  const cli = await measureCli(files, configs);
  print(`  eval: ${formatMs(cli.ms)}, ${cli.cellsOk} cells ran`);
  print('  …then the same cells in the Experiments view');
  const browser = await measureBrowser(page, baseUrl, definition, files);
  return { cells: configs.length * files.length, browserMs: browser.ms, browserCellsOk: browser.cellsOk, longestTaskMs: browser.longestTaskMs, plotTaskMs: browser.plotTaskMs, cliMs: cli.ms, cliCellsOk: cli.cellsOk };
}

/** The experiment step's figures as a table: times, their ratio against its target, the longest task against its target. */
export function experimentTable(measured: ExperimentMeasurement): string {
  const ratio = measured.browserMs / measured.cliMs;
  return formatTable(['experiment (' + measured.cells + ' cells)', 'value', 'target'], [
    ['browser: Run experiment → every cell finished', `${formatMs(measured.browserMs)} (${measured.browserCellsOk} cells ran)`, ''],
    ['CLI: eval --mode compaction --jobs 2 (process wall time)', `${formatMs(measured.cliMs)} (${measured.cliCellsOk} cells ran)`, ''],
    ['browser ÷ CLI', `${ratio.toFixed(2)}×`, '≤ 1.5×'],
    ['main thread\'s longest task during the run', formatMs(measured.longestTaskMs), '< 100 ms'],
    ['…and drawing the frontier plot once the run ended', formatMs(measured.plotTaskMs), ''],
  ]);
}
