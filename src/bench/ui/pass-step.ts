import type { Page } from '@playwright/test';
import { blurFocus, longTasksBetween, pageNow, traceKey } from './bench-page';
import { maximum } from './figures';
import { countPasses } from './run-step';

/** Key press → frame after the change, for real pass switches and for presses that change nothing. */
export interface PassMeasurement {
  passCount: number;
  /** One entry per switch, ms from the key event to the frame showing the newly current pass. */
  switchMs: number[];
  /** One entry per no-op press (← on the original), ms from the key event to the frame after it. */
  noOpMs: number[];
  longestTaskMs?: number;
}

/** The timeline button of pass `pass` once it is the current step. */
function currentPassSelector(pass: number): string {
  return `nav[aria-label="Passes"] li:nth-child(${pass + 1}) button[aria-current="step"]`;
}

/**
 * Steps through the passes with ←/→ on the page: from the original to the last pass and back, repeated until at least
 * `minSwitches` switches were timed. The baseline is ← pressed on the original, which the timeline clamps to a no-op:
 * the same key path with nothing to re-render.
 */
export async function measurePassSwitches(page: Page, minSwitches = 12): Promise<PassMeasurement | string> {
  const passCount = await countPasses(page);
  if (passCount === 0) return 'no "Passes" timeline with a pass after the original';
  const original = page.getByRole('navigation', { name: 'Passes' }).getByRole('button').first();
  await original.click();
  await blurFocus(page);
  await page.locator(currentPassSelector(0)).waitFor();
  const from = await pageNow(page);
  const noOpMs: number[] = [];
  for (let press = 0; press < 5; press += 1) {
    const trace = await traceKey(page, 'ArrowLeft', undefined);
    noOpMs.push(trace.paintedAt - trace.keyAt);
  }
  const switchMs: number[] = [];
  let shown = 0;
  let direction = 1;
  while (switchMs.length < minSwitches) {
    if (shown === passCount) direction = -1;
    if (shown === 0) direction = 1;
    const next = shown + direction;
    const trace = await traceKey(page, direction === 1 ? 'ArrowRight' : 'ArrowLeft', currentPassSelector(next));
    switchMs.push(trace.paintedAt - trace.keyAt);
    shown = next;
  }
  const tasks = await longTasksBetween(page, from, await pageNow(page));
  return { passCount, switchMs, noOpMs, longestTaskMs: maximum(tasks.map((task) => task.duration)) };
}

/** Shows the last pass (the most changed state), for the views measured after the switches. */
export async function showLastPass(page: Page): Promise<void> {
  const buttons = page.getByRole('navigation', { name: 'Passes' }).getByRole('button');
  if ((await buttons.count()) > 0) await buttons.last().click();
  await blurFocus(page);
}
