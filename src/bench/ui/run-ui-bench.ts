import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { print } from '../timing';
import { writeBenchFiles } from './bench-files';
import { mainBundleSize, type BundleSize } from './bundle-size';
import { idleFrames, installProbe, longTasksSupported } from './bench-page';
import { experimentTable, measureExperiment } from './experiment-step';
import { figureTable, percentile } from './figures';
import { measureLoad, openEmptyPage } from './load-step';
import { measurePassSwitches, showLastPass } from './pass-step';
import { buildApp, startPreview, type PreviewServer } from './preview-server';
import { measureRun, type RunMeasurement, type RunSetup } from './run-step';
import { measureDiffScroll, measureTranscriptScroll, openTab } from './scroll-step';
import { uiFigures, type UiBenchResults } from './ui-figures';

/** The flags the e2e suite uses: Debian's Chromium, headless, offline, without a GPU or a sandbox. */
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Fewer passes than this and two-tier is followed by the runs below, so stepping has somewhere to go. */
const wantedPasses = 3;

/** Runs that make more passes on a large transcript: unified works in stages (microcompact, mask, summary). */
const extraSetups: (RunSetup & { label: string })[] = [
  { label: 'unified', profile: 'unified' },
  { label: 'auto-compactor (force)', profile: 'auto-compactor', numbers: { 'Keep recent tokens': 8000 }, flags: { 'Force (skip the gate)': true } },
];

function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate !== undefined && existsSync(candidate));
}

function notAvailable<T>(value: T | string): T | string {
  if (typeof value === 'string') print(`not available: ${value}`);
  return value;
}

function describeRun(label: string, run: RunMeasurement | string): void {
  if (typeof run !== 'string') print(`${label}: ${run.status}, ${run.passCount} passes, ${Math.round(run.durationMs).toLocaleString('en-US')} ms`);
}

/** The built page's up-front scripts, gzipped; a string says why they could not be measured. */
function measureBundle(distDirectory: string): BundleSize | string {
  try {
    return mainBundleSize(readFileSync(path.join(distDirectory, 'index.html'), 'utf8'), (file) => readFileSync(path.join(distDirectory, file)));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function measureAll(page: Page, baseUrl: string, workDirectory: string, mainBundle: BundleSize | string): Promise<UiBenchResults> {
  print('Writing the transcripts…');
  const files = writeBenchFiles(workDirectory);
  for (const [name, file] of Object.entries(files)) {
    print(`  ${name}: ${file.messageCount.toLocaleString('en-US')} messages, ${(file.byteLength / 1_048_576).toFixed(1)} MB of OpenAI chat JSON`);
  }
  // The first visit warms the HTTP cache and the JIT; the second is the baseline page load.
  await openEmptyPage(page, baseUrl);
  const emptyPagePaintMs = await openEmptyPage(page, baseUrl);
  if (!(await longTasksSupported(page))) print('not available: this Chromium does not report long tasks; every long-task figure reads 0');
  const idle = await idleFrames(page, 60);

  print('Small transcript (baseline): load and two-tier run…');
  const smallLoad = await measureLoad(page, files.small);
  const smallRun = notAvailable(await measureRun(page, { profile: 'two-tier' }, (reason) => print(`not available: ${reason}`)));
  describeRun('  two-tier', smallRun);

  print('1 MB without spaces (the pathological e2e input): load…');
  await openEmptyPage(page, baseUrl);
  const noSpacesLoad = await measureLoad(page, files.noSpaces);
  print(`  ${noSpacesLoad.totalTokensText}`);

  print('Large transcript: load…');
  await openEmptyPage(page, baseUrl);
  const largeLoad = await measureLoad(page, files.large);
  print(`  ${largeLoad.totalTokensText}`);
  print('Large transcript: two-tier run…');
  const largeRun = notAvailable(await measureRun(page, { profile: 'two-tier' }, (reason) => print(`not available: ${reason}`)));
  describeRun('  two-tier', largeRun);
  print('Stepping through passes…');
  const largePasses = notAvailable(await measurePassSwitches(page));
  const results: UiBenchResults = { mainBundle, emptyPagePaintMs, smallLoad, largeLoad, noSpacesLoad, smallRun, largeRun, largePasses, extraRuns: [], tabPasses: [], diffScroll: '', transcriptScroll: '', idleFrameP95Ms: percentile(idle, 0.95) };
  let mostPasses = typeof largeRun === 'object' ? largeRun.passCount : 0;
  for (const setup of extraSetups) {
    if (typeof largeRun !== 'object' || mostPasses >= wantedPasses) break;
    print(`Only ${mostPasses} pass(es) so far; ${setup.label} for more…`);
    const run = notAvailable(await measureRun(page, setup, (reason) => print(`not available: ${reason}`)));
    describeRun(`  ${setup.label}`, run);
    const passes = typeof run === 'object' && run.passCount > 0 ? notAvailable(await measurePassSwitches(page)) : undefined;
    results.extraRuns.push({ label: setup.label, run, passes });
    if (typeof run === 'object') mostPasses = Math.max(mostPasses, run.passCount);
  }
  print('Scrolling the diff of the last pass, then the transcript list…');
  await showLastPass(page);
  results.diffScroll = notAvailable(await measureDiffScroll(page));
  results.transcriptScroll = notAvailable(await measureTranscriptScroll(page));
  for (const tab of ['Diff', 'Tokens']) {
    print(`Stepping through passes with the ${tab} tab open…`);
    const passes = (await openTab(page, new RegExp(`^${tab}$`))) ? await measurePassSwitches(page) : `no "${tab}" tab`;
    results.tabPasses.push({ tab, passes: notAvailable(passes) });
  }
  return results;
}

/** `npm run bench:ui -- --experiment-only` measures the experiment case alone. */
const isExperimentOnly = process.argv.includes('--experiment-only');

/**
 * `npm run bench:ui`: builds the app, serves the production bundle with `vite preview`, and drives headless Chromium
 * through load → two-tier run → pass stepping → diff scroll on a ≥ 1 M-token transcript, after weighing the scripts a
 * first visit loads up front (gzipped, against the 200 KB goal), then an experiment of 4 configs × 12 sessions in the
 * Experiments view against `eval --jobs 2` (experiment-step.ts). Every figure is printed with
 * its target and its ratio to a baseline measured in the same browser: a small transcript, a no-op key press, the
 * transcript list scrolled the same way. It reports; it never fails on a time.
 */
async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    process.stderr.write('bench:ui: no Chromium found. Set CHROMIUM_PATH or install your distribution\'s chromium.\n');
    process.exitCode = 1;
    return;
  }
  print(`Compaction Lab UI benchmark — Node ${process.version}, ${os.cpus().length} cores, ${path.basename(executablePath)}`);
  const workDirectory = mkdtempSync(path.join(os.tmpdir(), 'compaction-lab-ui-bench-'));
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    print('Building the production bundle…');
    buildApp(path.join(workDirectory, 'dist'));
    const mainBundle = notAvailable(measureBundle(path.join(workDirectory, 'dist')));
    server = await startPreview(path.join(workDirectory, 'dist'));
    browser = await chromium.launch({ executablePath, args: chromiumArgs });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await installProbe(page);
    if (!isExperimentOnly) {
      const results = await measureAll(page, server.url, workDirectory, mainBundle);
      print();
      print('Times are ms on the page clock; "vs baseline" divides the value by the baseline measured in the same browser.');
      print(figureTable(uiFigures(results)));
      print();
    }
    const experiment = await measureExperiment(page, server.url, workDirectory).catch((error: unknown) => `not available: ${error instanceof Error ? error.message : String(error)}`);
    print(typeof experiment === 'string' ? `Experiment: ${experiment}` : experimentTable(experiment));
  } finally {
    await browser?.close().catch(() => undefined);
    server?.stop();
    rmSync(workDirectory, { recursive: true, force: true });
  }
}

await main();
