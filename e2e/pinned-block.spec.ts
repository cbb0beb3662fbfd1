import { expect, test, type Page } from '@playwright/test';
import { openEmptyApp, uploadFixture } from './helpers';

const panel = (page: Page) => page.getByRole('region', { name: 'Compaction run' });

async function runAndOpenDiff(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel(page).getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Diff' }).click();
}

test('one Run on the bundled sample, settings untouched, shows the pinned block highlighted in the Diff with its lines present', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const note = page.getByTestId('sample-settings');
  await expect(note).toContainText('The sample opens with a 60,000-token window for the run, so its gate crosses');
  await expect(note).toContainText("of the session's own standing instructions pinned (Config → Pin candidates)");
  // The page's own window is untouched: the run takes a window of its own.
  await expect(page.getByTestId('window-share')).toContainText('of a 200,000-token context window');
  await runAndOpenDiff(page);
  await expect(panel(page).getByLabel('Run log')).not.toContainText('No compaction needed');
  await expect(page.getByLabel('Counts per fate')).toContainText('1 pinned-lines message');
  // The tally line says how many are present; one click on it opens the list.
  await expect(page.locator('.diff-pinned-panel summary')).toHaveText(/^Pinned lines: (\d+) of \1 present$/);
  await page.locator('.diff-pinned-panel summary').click();
  const pinned = page.getByRole('list', { name: 'Pinned lines' }).getByRole('listitem');
  await expect(pinned.first()).toBeVisible();
  await expect(pinned.first()).toContainText('present');
  await expect(pinned).toContainText(['continue until all are done']);
  const summary = page.getByRole('list', { name: 'Diff' }).getByRole('listitem').filter({ hasText: 'inserted summary' }).first();
  await expect(summary.locator('mark.diff-pinned-line').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/pinned-block.png' });
  expect(errors).toEqual([]);
});

test('"Use the defaults" returns the sample to the profile\'s defaults, whose first Run needs no compaction', async ({ page }) => {
  await page.goto('/');
  const note = page.getByTestId('sample-settings');
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'Use the defaults' }).click();
  await expect(note).toHaveCount(0);
  // The defaults set no window: the field is blank and shows the page's, which the run inherits.
  const window = panel(page).getByRole('spinbutton', { name: 'Window' });
  await expect(window).toHaveValue('');
  await expect(window).toHaveAttribute('placeholder', '200,000');
  await panel(page).getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel(page).getByLabel('Run log')).toContainText('No compaction needed', { timeout: 30_000 });
});

test('pinning a suggested candidate on an uploaded transcript, then running, shows the line pinned and present', async ({ page }) => {
  const line = "This means you DON'T have to modify the testing logic or any of the tests in any way!";
  await openEmptyApp(page);
  await uploadFixture(page, 'openhands__multi_swe_bench_examples_output.jsonl');
  await expect(page.getByTestId('detected-format')).toHaveText(/OpenHands/);
  // A file the user loads keeps the defaults.
  await expect(page.getByTestId('sample-settings')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Config' }).click();
  const candidates = page.getByRole('region', { name: 'Pin candidates' });
  await expect(candidates.getByRole('listitem').first()).toBeVisible();
  const item = candidates.getByRole('listitem').filter({ hasText: line });
  // The source link jumps to the message the rule was stated in.
  const source = item.getByRole('button', { name: /^Show message \d+, the source of/ });
  const messageNumber = Number(/^Show message (\d+)/.exec((await source.getAttribute('aria-label')) ?? '')?.[1]);
  await source.click();
  await expect(page.getByRole('tab', { name: 'Original transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('article[aria-current="true"]')).toContainText(`#${messageNumber}`);
  await page.getByRole('tab', { name: 'Config' }).click();
  await candidates.getByRole('button', { name: `Pin “${line}”` }).click();
  await expect(candidates.getByRole('button', { name: `Pinned: ${line}` })).toBeDisabled();
  await panel(page).getByRole('checkbox', { name: 'Force (skip the gate)' }).check();
  await panel(page).getByRole('spinbutton', { name: 'Keep recent tokens' }).fill('2000');
  await runAndOpenDiff(page);
  await expect(page.locator('.diff-pinned-panel summary')).toHaveText('Pinned lines: 1 of 1 present');
  await page.locator('.diff-pinned-panel summary').click();
  const pinned = page.getByRole('list', { name: 'Pinned lines' }).getByRole('listitem');
  await expect(pinned).toHaveCount(1);
  await expect(pinned).toContainText('present');
  await expect(pinned).toContainText(line);
  await expect(page.locator('mark.diff-pinned-line', { hasText: line }).first()).toBeVisible();
});
