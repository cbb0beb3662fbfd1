import type { Page } from '@playwright/test';
import { armRun, longTasksBetween, pageNow } from './bench-page';
import { maximum } from './figures';

/** What one compaction run in the page measured. */
export interface RunMeasurement {
  /** The panel's status once the run ended, e.g. "Last run: done". */
  status: string;
  /** From the status saying "Running…" (the click's own frame) to it saying the run ended (page clock). */
  durationMs: number;
  longestTaskMs?: number;
  /** Long tasks (each over 50 ms) and those over 100 ms during the run. */
  longTaskCount: number;
  over100Count: number;
  /** Passes the timeline shows, without the original. */
  passCount: number;
}

/** Parameters to set in the panel before running; a field the panel does not have is reported, not fatal. */
export interface RunSetup {
  profile: string;
  numbers?: Record<string, number>;
  flags?: Record<string, boolean>;
}

/** The run panel's status line ("Running…", "Last run: done"). */
const statusSelector = 'section[aria-label="Compaction run"] [role="status"]';

/** The passes the timeline lists, without "Original" (0 when there is no timeline). */
export async function countPasses(page: Page): Promise<number> {
  const buttons = page.getByRole('navigation', { name: 'Passes' }).getByRole('button');
  return Math.max(0, (await buttons.count()) - 1);
}

/**
 * Chooses the profile and parameters in the "Compaction run" panel, clicks Run compaction, and waits for the status
 * to read "Last run: …". Returns a reason instead when a control is missing.
 */
export async function measureRun(page: Page, setup: RunSetup, skipped: (reason: string) => void): Promise<RunMeasurement | string> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  const profile = panel.getByLabel('Profile', { exact: true });
  if ((await profile.count()) === 0) return 'no "Profile" picker in the "Compaction run" region';
  await profile.selectOption(setup.profile);
  for (const [label, value] of Object.entries(setup.numbers ?? {})) {
    const input = panel.getByRole('spinbutton', { name: label, exact: true });
    if ((await input.count()) === 0) skipped(`no "${label}" field for ${setup.profile}; left at its default`);
    else await input.fill(String(value));
  }
  for (const [label, checked] of Object.entries(setup.flags ?? {})) {
    const box = panel.getByRole('checkbox', { name: label, exact: true });
    if ((await box.count()) === 0) skipped(`no "${label}" checkbox for ${setup.profile}; left at its default`);
    else await box.setChecked(checked);
  }
  const run = panel.getByRole('button', { name: 'Run compaction', exact: true });
  if ((await run.count()) === 0) return 'no "Run compaction" button';
  const from = await pageNow(page);
  const tracking = await armRun(page, statusSelector);
  await run.click();
  const trace = await tracking.ended;
  // The window runs past the status change by a few frames, so the result's first render counts as part of the run.
  await page.waitForTimeout(300);
  const tasks = await longTasksBetween(page, from, await pageNow(page));
  const durations = tasks.map((task) => task.duration);
  return {
    status: trace.text.trim(),
    durationMs: trace.endedAt - (trace.runningAt ?? from),
    longestTaskMs: maximum(durations),
    longTaskCount: durations.length,
    over100Count: durations.filter((duration) => duration > 100).length,
    passCount: await countPasses(page),
  };
}
