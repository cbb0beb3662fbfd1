import type { Page } from '@playwright/test';
import type { BenchFile } from './bench-files';
import { fileChosenAt, type LongTask, longTasksBetween, pageNow, sighting, watch } from './bench-page';
import { maximum } from './figures';

/** What loading one transcript file measured (ms from the file input's change event, page clock). */
export interface LoadMeasurement {
  firstRenderMs: number;
  exactTotalsMs: number;
  longestTaskMs?: number;
  longTaskCount: number;
  /** The long tasks, their starts made relative to the change event. */
  tasks: LongTask[];
  totalTokensText: string;
}

/** Selector of the first message row (a virtualized row is an `article`). */
const firstRowSelector = 'main article';
/** Selector of the token total once exact counting has finished. */
const exactTotalSelector = '[data-testid="total-tokens"][data-exact="true"]';

/** Opens the empty page and returns its first contentful paint (ms since navigation), the baseline of a page load. */
export async function openEmptyPage(page: Page, baseUrl: string): Promise<number | undefined> {
  await page.goto(`${baseUrl}/?sample=none`);
  await page.getByLabel('Transcript file').waitFor({ state: 'attached' });
  await page.getByText('Drop a transcript anywhere').waitFor();
  return page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime");
}

/**
 * Uploads `file` into the freshly opened empty page and waits for the first message row and for exact token totals.
 * Times start at the input's change event, so the file transfer into the browser is not counted.
 */
export async function measureLoad(page: Page, file: BenchFile): Promise<LoadMeasurement> {
  await watch(page, 'firstRow', firstRowSelector);
  await watch(page, 'exactTotals', exactTotalSelector);
  await page.getByLabel('Transcript file').setInputFiles(file.path);
  const firstRow = await sighting(page, 'firstRow', 120_000);
  const exact = await sighting(page, 'exactTotals', 300_000);
  const chosenAt = await fileChosenAt(page);
  if (chosenAt === undefined) throw new Error('the file input never fired change');
  const tasks = await longTasksBetween(page, chosenAt, Math.max(exact.paintedAt, await pageNow(page)));
  return {
    firstRenderMs: firstRow.paintedAt - chosenAt,
    exactTotalsMs: exact.paintedAt - chosenAt,
    longestTaskMs: maximum(tasks.map((task) => task.duration)),
    longTaskCount: tasks.length,
    tasks: tasks.map((task) => ({ start: task.start - chosenAt, duration: task.duration })),
    totalTokensText: (await page.getByTestId('total-tokens').innerText()).replace(/\s+/g, ' ').trim(),
  };
}
