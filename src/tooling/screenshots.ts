import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, startPreview, type PreviewServer } from '../bench/ui/preview-server';

/**
 * `npm run screenshots`: builds the app, serves the build on a free port, drives the real page in headless Chromium
 * through the README's journeys on the bundled sample and writes one PNG per view to docs/screenshots/. The README's
 * pictures are this script's output, so they show what the build does, never a mock-up.
 */

const outputDirectory = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Above this a picture is worth cropping: the README loads every one. */
const largestFileBytes = 250_000;

/** Where one picture comes from: the viewport, what to do on the page first, and whether to keep only the views column. */
interface Shot {
  file: string;
  viewport: { width: number; height: number };
  prepare(page: Page): Promise<void>;
  /** Keep the column left of the run panel: the view is the subject, and a smaller picture loads faster in the README. */
  viewsOnly?: boolean;
  /** Keep only this part of the page (the subject, without what other pictures already show). */
  region?(page: Page): Promise<Clip | undefined>;
}

type Clip = { x: number; y: number; width: number; height: number };

function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate !== undefined && existsSync(candidate));
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

const runPanel = (page: Page) => page.getByRole('region', { name: 'Compaction run' });

async function openSample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="total-tokens"][data-exact="true"]').waitFor({ timeout: 60_000 });
}

/** Runs the configured profile once and waits for the run panel's outcome. */
async function runCompaction(page: Page): Promise<void> {
  await runPanel(page).getByRole('button', { name: 'Run compaction' }).click();
  await runPanel(page).getByRole('status').filter({ hasText: /^Last run:/ }).waitFor({ timeout: 60_000 });
}

/** Opens a view's tab and lets a tab that loads on first opening draw before the picture. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/**
 * The Diff at the pinned-operative block: the pinned panel's first "Go to pinned line" jumps to it in the output. The
 * jump may scroll the views column as well as the Diff's list; the column goes back to its top (the import summary's
 * first line), the list stays at the block.
 */
async function diffAtPinnedBlock(page: Page): Promise<void> {
  // The import summary opens folded, and the pinned-lines panel open: both as a new user finds them.
  await openTab(page, 'Diff');
  const jump = page.getByRole('button', { name: /^Go to pinned line: / }).first();
  if ((await jump.count()) > 0) await jump.click();
  await scrollToTop(page.getByTestId('detected-format'));
  await page.waitForTimeout(300);
}

/** Brings an element to the top of whatever scrolls it, so a picture shows a result rather than the controls above it. */
async function scrollToTop(locator: Locator): Promise<void> {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await locator.page().waitForTimeout(300);
}

/** A/B of a prompt, as the README tells it: "Edit a prompt in B" opens B's copy of a prompt, focused; add a line to it. */
async function abPromptOpened(page: Page): Promise<void> {
  await openTab(page, 'A/B');
  await page.getByRole('region', { name: 'A/B' }).getByRole('button', { name: 'Edit a prompt in B' }).click();
  const editor = page.locator('textarea:focus');
  await editor.waitFor();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nAlways list every file path the user named, with what changed in it.');
  // The prompt's whole editor from its heading: the override, and beside it the default and the diff of the edit.
  await scrollToTop(editor.locator('xpath=ancestor::section[1]'));
}

/** Runs the A/B pair and shows its results: the table and the two summaries side by side. */
async function abCompared(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'A/B' });
  await panel.getByRole('button', { name: 'Run A/B' }).click();
  await panel.getByRole('status', { name: 'A/B status' }).filter({ hasText: /^Last A\/B: / }).waitFor({ timeout: 60_000 });
  await scrollToTop(panel.getByRole('region', { name: 'A/B results' }));
}

async function versusCompared(page: Page): Promise<void> {
  await openTab(page, 'Vs agent');
  const view = page.getByRole('region', { name: "Against the agent's own compaction" });
  await view.getByRole('button', { name: /^Compare with / }).click();
  await view.getByRole('region', { name: "The agent's context after its compaction" }).waitFor({ timeout: 60_000 });
  await scrollToTop(view.getByRole('note'));
}

/** The Session tab after a replay of the sample under the run panel's config: the sawtooth, both kinds of marker. */
async function sessionReplayed(page: Page): Promise<void> {
  await openTab(page, 'Session');
  const view = page.getByRole('region', { name: 'Session replay' });
  await view.getByRole('button', { name: 'Replay', exact: true }).click();
  await view.getByRole('table', { name: 'Compactions' }).waitFor({ timeout: 60_000 });
  await scrollToTop(view.getByRole('region', { name: 'Context over the session' }));
  // The pointer rests where Replay was, over the chart: move it off, so no tooltip covers the sawtooth.
  await page.mouse.move(0, 0);
}

/** Share config → Copy share link, then opens that link afresh: the read-only preview that applies nothing until asked. */
async function sharedLinkOpened(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Share config' }).click();
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.getByLabel('Share link').inputValue();
  await page.goto('about:blank');
  await page.goto(link);
  await page.getByRole('dialog', { name: 'Shared config' }).waitFor();
  await page.locator('[data-testid="total-tokens"][data-exact="true"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
}

/**
 * An experiment as the README shows it: three bundled samples under the run panel's config and two presets, judged by
 * one assertion, run to the end; the picture shows the grid and the frontier under it.
 */
async function experimentRun(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Experiments' }).click();
  const view = page.locator('.experiments-view');
  const samplesGroup = view.getByRole('group', { name: 'Bundled samples' });
  // A sample joins once it is fetched and hashed, so each box is ticked when that is done, not on the click.
  for (const name of [/^claude-code-session\.jsonl/, /^claude-code-tool-heavy\.jsonl/, /^codex-rollout\.jsonl/]) {
    const box = samplesGroup.getByRole('checkbox', { name });
    await box.click();
    await box.and(page.locator(':checked')).waitFor({ timeout: 60_000 });
  }
  for (const name of [/^A/, /^Gemini CLI/, /^Harn agent-loop hybrid/]) await view.getByRole('checkbox', { name }).first().check();
  await view.getByRole('textbox', { name: 'Value' }).fill('0.6');
  await view.getByRole('button', { name: 'Add assertion' }).click();
  await view.getByRole('button', { name: 'Run experiment' }).click();
  await page.getByTestId('experiment-progress').filter({ hasText: /^9 of 9 cells/ }).waitFor({ timeout: 300_000 });
  // The plot is drawn once the run has ended and its last frame was painted.
  await page.locator('.frontier-points .frontier-dot').first().waitFor();
  await scrollToTop(page.getByRole('group', { name: 'Run the experiment' }));
}

/** The experiment's results: from its run bar to the best config's sentence (the header and the choices above are in other pictures). */
async function experimentResults(page: Page): Promise<Clip | undefined> {
  const top = await page.getByRole('group', { name: 'Run the experiment' }).boundingBox();
  const bottom = await page.getByTestId('best-config').boundingBox();
  const viewport = page.viewportSize();
  if (!top || !bottom || !viewport) return undefined;
  const y = Math.max(0, Math.floor(top.y - 8));
  return { x: 0, y, width: viewport.width, height: Math.min(viewport.height, Math.ceil(bottom.y + bottom.height + 8)) - y };
}

const wide = { width: 1440, height: 900 };
const tall = { width: 1280, height: 1100 };
const small = { width: 1024, height: 768 };

/** In order: each picture starts from the page the one before left (one run serves the views that inspect it). */
const shots: Shot[] = [
  { file: 'transcript.png', viewport: wide, prepare: async (page) => { await runCompaction(page); await openTab(page, 'Original transcript'); } },
  { file: 'diff-pinned.png', viewport: wide, prepare: diffAtPinnedBlock },
  { file: 'tokens.png', viewport: wide, prepare: (page) => openTab(page, 'Tokens'), viewsOnly: true },
  { file: 'retention.png', viewport: wide, prepare: (page) => openTab(page, 'Retention'), viewsOnly: true },
  { file: 'versus.png', viewport: wide, prepare: versusCompared, viewsOnly: true },
  { file: 'session.png', viewport: wide, prepare: sessionReplayed, viewsOnly: true },
  { file: 'ab-prompt.png', viewport: wide, prepare: abPromptOpened, viewsOnly: true },
  { file: 'ab.png', viewport: wide, prepare: abCompared, viewsOnly: true },
  { file: 'config.png', viewport: wide, prepare: (page) => openTab(page, 'Config'), viewsOnly: true },
  { file: 'share.png', viewport: wide, prepare: sharedLinkOpened },
  { file: 'diff-1024.png', viewport: small, prepare: async (page) => { await runCompaction(page); await diffAtPinnedBlock(page); } },
  { file: 'experiments.png', viewport: tall, prepare: experimentRun, region: experimentResults },
];

/**
 * The views column: below the top bar (whose buttons a narrower cut would slice) and left of the run panel. Undefined
 * when the layout has no such panel.
 */
async function viewsColumn(page: Page, viewportHeight: number): Promise<Clip | undefined> {
  const sidePanel = page.getByRole('complementary', { name: 'Compaction and network' });
  const topBar = page.getByRole('banner');
  if ((await sidePanel.count()) !== 1 || (await topBar.count()) !== 1) return undefined;
  const panelBox = await sidePanel.boundingBox();
  const barBox = await topBar.boundingBox();
  if (!panelBox || !barBox) return undefined;
  const y = Math.ceil(barBox.y + barBox.height);
  return { x: 0, y, width: Math.floor(panelBox.x), height: viewportHeight - y };
}

async function takeShots(browser: Browser, server: PreviewServer): Promise<void> {
  const pages = new Map<string, Page>();
  for (const shot of shots) {
    const size = `${shot.viewport.width}x${shot.viewport.height}`;
    let page = pages.get(size);
    if (!page) {
      page = await browser.newPage({ viewport: shot.viewport, deviceScaleFactor: 1 });
      page.on('pageerror', (error) => say(`  page error: ${error.message}`));
      await openSample(page, `${server.url}/`);
      pages.set(size, page);
    }
    await shot.prepare(page);
    const file = path.join(outputDirectory, shot.file);
    const clip = shot.region ? await shot.region(page) : shot.viewsOnly ? await viewsColumn(page, shot.viewport.height) : undefined;
    await page.screenshot({ path: file, clip, animations: 'disabled', caret: 'hide' });
    const bytes = statSync(file).size;
    say(`${shot.file.padEnd(18)} ${clip ? `${clip.width}x${clip.height}` : size}  ${Math.round(bytes / 1000)} KB${bytes > largestFileBytes ? '  (over 250 KB)' : ''}`);
  }
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) {
    process.stderr.write("screenshots: no Chromium found. Set CHROMIUM_PATH or install your distribution's chromium.\n");
    return 1;
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'compaction-lab-screenshots-'));
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    say('Building…');
    buildApp(outDir);
    server = await startPreview(outDir);
    browser = await chromium.launch({ executablePath, args: chromiumArgs });
    mkdirSync(outputDirectory, { recursive: true });
    await takeShots(browser, server);
    say(`Wrote ${shots.length} pictures to ${path.relative(process.cwd(), outputDirectory)}/`);
    return 0;
  } finally {
    await browser?.close();
    server?.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
