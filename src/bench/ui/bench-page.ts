import type { Page } from '@playwright/test';
import { pageProbeScript } from './page-probe';

/** A main-thread task over 50 ms, as the page's PerformanceObserver saw it. */
export interface LongTask {
  start: number;
  duration: number;
}

/** When a watched element appeared and when the frame showing it was done (page clock, ms). */
export interface Sighting {
  at: number;
  paintedAt: number;
}

/** One key press followed to the screen (page clock, ms). */
export interface KeyTrace {
  keyAt: number;
  domAt: number;
  paintedAt: number;
}

/** One scroll from top to bottom: the frame intervals and what it covered. */
export interface ScrollTrace {
  intervals: number[];
  steps: number;
  from: number;
  to: number;
  reachedBottom: boolean;
  scrollHeight: number;
  rowsInDom: number;
}

/** Installs the probe (page-probe.ts) in every document the page opens from now on. */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: pageProbeScript });
}

/** The page's `performance.now()`. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate('performance.now()');
}

/** Long tasks overlapping `[from, to]` on the page clock. */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  // The observer hears of a task a little after it ended; give the last one time to arrive.
  await page.waitForTimeout(200);
  return page.evaluate(`window.__uiBench.tasksBetween(${from}, ${to})`);
}

/** Whether this Chromium reports long tasks at all (without it every long-task figure would read as zero). */
export function longTasksSupported(page: Page): Promise<boolean> {
  return page.evaluate('window.__uiBench.longTasksSupported');
}

/** Starts waiting, in the page, for a visible element matching `selector`. */
export async function watch(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(`window.__uiBench.watch(${JSON.stringify(name)}, ${JSON.stringify(selector)})`);
}

/** Rejects after `timeoutMs` with a message naming what did not happen. */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The sighting of a `watch`, once the element has appeared. */
export function sighting(page: Page, name: string, timeoutMs: number): Promise<Sighting> {
  return within(page.evaluate(`window.__uiBench.pending[${JSON.stringify(name)}]`), timeoutMs, name);
}

/** When the page saw the file input change (undefined before any upload). */
export function fileChosenAt(page: Page): Promise<number | undefined> {
  return page.evaluate('window.__uiBench.fileChosenAt');
}

/**
 * Presses `key` and follows it to the frame after the DOM shows the change: `selector` is what the page should match
 * once the key has taken effect, or undefined for a press that should change nothing (then the trace ends at the
 * frame after the key event).
 */
export async function traceKey(page: Page, key: string, selector: string | undefined): Promise<KeyTrace> {
  const armed = page.evaluate(`window.__uiBench.armKey(${selector === undefined ? 'undefined' : JSON.stringify(selector)})`) as Promise<KeyTrace>;
  // The listener is added by the evaluate above; a round trip makes sure it is in place before the key goes out.
  await pageNow(page);
  await page.keyboard.press(key);
  return within(armed, 10_000, `the page reacting to ${key}`);
}

/** When a run began and ended as the panel's status showed it (page clock, ms), and the final status text. */
export interface RunTrace {
  runningAt?: number;
  endedAt: number;
  text: string;
}

/** Starts following the status element matching `selector` through one run; await `ended` after clicking Run. */
export async function armRun(page: Page, selector: string): Promise<{ ended: Promise<RunTrace> }> {
  const armed = page.evaluate(`window.__uiBench.armRun(${JSON.stringify(selector)})`) as Promise<RunTrace>;
  // A round trip makes sure the observer is in place before the caller clicks.
  await pageNow(page);
  return { ended: within(armed, 600_000, 'the run ending') };
}

/** Scrolls the element matching `selector` (or its scroll container) to the bottom; undefined when nothing scrolls. */
export function scrollThrough(page: Page, selector: string, maxSteps: number): Promise<ScrollTrace | undefined> {
  return within(page.evaluate(`window.__uiBench.scrollThrough(${JSON.stringify(selector)}, ${maxSteps})`), 120_000, `scrolling ${selector}`);
}

/** Frame intervals of the page doing nothing. */
export function idleFrames(page: Page, count: number): Promise<number[]> {
  return page.evaluate(`window.__uiBench.idleFrames(${count})`);
}

/** Moves the focus off whatever control has it, so page-wide keys (←/→ for passes) reach the page. */
export async function blurFocus(page: Page): Promise<void> {
  await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
}
