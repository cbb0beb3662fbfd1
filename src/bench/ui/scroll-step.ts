import type { Locator, Page } from '@playwright/test';
import { blurFocus, longTasksBetween, scrollThrough } from './bench-page';
import { maximum, percentile } from './figures';

/** One top-to-bottom scroll of a list: frame intervals and main-thread tasks while it ran. */
export interface ScrollMeasurement {
  frameP95Ms?: number;
  frameMaxMs?: number;
  frames: number;
  steps: number;
  reachedBottom: boolean;
  scrollHeight: number;
  longestTaskMs?: number;
  longTaskCount: number;
}

/** Steps per scroll: enough frames for a p95, few enough that a 1 M-token list is crossed in seconds. */
const maxSteps = 300;

async function scrollList(page: Page, list: Locator, name: string): Promise<ScrollMeasurement | string> {
  if ((await list.count()) === 0) return `no list to scroll for ${name}`;
  // A marker attribute lets the in-page probe find exactly this element; React leaves attributes it did not set alone.
  await list.first().evaluate((element, marker) => element.setAttribute('data-ui-bench', marker), name);
  await blurFocus(page);
  const trace = await scrollThrough(page, `[data-ui-bench="${name}"]`, maxSteps);
  if (!trace) return `the ${name} list does not scroll (it fits on screen)`;
  const tasks = await longTasksBetween(page, trace.from, trace.to);
  return {
    frameP95Ms: percentile(trace.intervals, 0.95),
    frameMaxMs: maximum(trace.intervals),
    frames: trace.intervals.length,
    steps: trace.steps,
    reachedBottom: trace.reachedBottom,
    scrollHeight: trace.scrollHeight,
    longestTaskMs: maximum(tasks.map((task) => task.duration)),
    longTaskCount: tasks.length,
  };
}

/** Opens the tab named `tabName` (role tab); false when the page has no such tab. */
export async function openTab(page: Page, tabName: string | RegExp): Promise<boolean> {
  const tab = page.getByRole('tab', { name: tabName });
  if ((await tab.count()) === 0) return false;
  await tab.first().click();
  await blurFocus(page);
  return true;
}

/** Opens the "Diff" tab and scrolls the list labelled "Diff" from top to bottom. */
export async function measureDiffScroll(page: Page): Promise<ScrollMeasurement | string> {
  if (!(await openTab(page, /^Diff$/))) return 'no "Diff" tab';
  const list = page.getByRole('list', { name: 'Diff', exact: true });
  try {
    await list.first().waitFor({ timeout: 30_000 });
  } catch {
    return 'the Diff tab shows no list labelled "Diff"';
  }
  return scrollList(page, list, 'diff');
}

/** The yardstick: the same scroll over the original transcript's virtualized message list. */
export async function measureTranscriptScroll(page: Page): Promise<ScrollMeasurement | string> {
  if (!(await openTab(page, /transcript/i))) return 'no transcript tab';
  const list = page.getByTestId('transcript-scroller');
  try {
    await list.first().waitFor({ timeout: 30_000 });
  } catch {
    return 'the transcript tab shows no message list';
  }
  return scrollList(page, list, 'transcript');
}
