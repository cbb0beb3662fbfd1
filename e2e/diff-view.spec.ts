import { chooseLiveRungs, closeDialog, expect, liveSample, setConfig, test } from './live-fixtures';
import type { Page } from '@playwright/test';

const pinnedLine = 'Never push to main without review.';
const skills = [{ name: 'deploy', operative: [pinnedLine] }];

async function runAndOpenDiff(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Diff' }).click();
}

test.describe('the diff view', () => {
  test('badges each source message with its fate, lists what a summary replaced, and marks the pinned line present', async ({ page }) => {
    await page.goto(liveSample);
    await setConfig(page, { force: true, keepRecentTokens: 300, operativeSkills: skills });
    await runAndOpenDiff(page);
    const counts = page.getByLabel('Counts per fate');
    await expect(counts).toContainText(/\d+ kept/);
    await expect(counts).toContainText(/\d+ summarized/);
    await expect(counts).toContainText('1 summary');
    await expect(counts).toContainText('1 pinned-lines message');
    const diff = page.getByRole('list', { name: 'Diff' });
    await expect(diff.getByRole('listitem', { name: /^Message 1: summarized/ })).toBeVisible();
    // The pinned lines open folded to their tally; one click shows the list.
    await page.locator('.diff-pinned-panel summary').click();
    await expect(page.getByRole('list', { name: 'Pinned lines' }).getByRole('listitem')).toContainText(['present']);
    await page.getByLabel('Filter by fate').selectOption('changed');
    await expect(diff.getByRole('listitem', { name: /: kept$/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/diff-summarized.png' });

    await page.getByRole('navigation', { name: 'Passes' }).getByRole('button', { name: /Original/ }).click();
    await page.getByLabel('Filter by fate').selectOption('all');
    await expect(diff.getByRole('listitem', { name: /: summarized$/ })).toHaveCount(0);
  });

  test('a summarizer that drops the pinned line is caught: the carrier restores it and the panel says the summary lost it', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-forget-pins', baseURL: `${mock.url}/v1` } });
    await closeDialog(page);
    await setConfig(page, { force: true, keepRecentTokens: 300, operativeSkills: skills });
    await runAndOpenDiff(page);
    // A line the summary lost opens the pinned lines by itself.
    const pinned = page.getByRole('list', { name: 'Pinned lines' }).getByRole('listitem');
    await expect(pinned).toBeVisible();
    await expect(pinned).toContainText('missing from the summary');
    await expect(pinned).toContainText('in pinned-lines message');
    await expect(page.getByText(/Pinned lines: 1 of 1 present\s*· 1 missing from the summary/)).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/diff-pin-lost.png' });
  });

  test('two-tier microcompaction shows an inline diff inside the shortened tool outputs', async ({ page }) => {
    await page.goto(liveSample);
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByLabel('Profile').selectOption('two-tier');
    await setConfig(page, { tokenThreshold: 500, toolOutputMaxChars: 400 });
    await runAndOpenDiff(page);
    await expect(page.getByLabel('Counts per fate')).toContainText(/\d+ microcompacted/);
    // The list is virtualized: filter to the shortened outputs so they are the rows on screen.
    await page.getByLabel('Filter by fate').selectOption('microcompacted');
    const changed = page.getByRole('list', { name: 'Diff' }).getByRole('listitem', { name: /microcompacted/ }).first();
    await expect(changed).toBeVisible();
    await expect(changed.locator('del').first()).toBeVisible();
  });
  test('compares pass N−1 with pass N: the fates of pass N alone, and the metric table of both sides', async ({ page }) => {
    await page.goto(liveSample);
    // A kept tail close under the trigger, forced: every pass summarizes the old turns anew, several passes in a row.
    await setConfig(page, { window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true, operativeSkills: skills });
    await runAndOpenDiff(page);
    await page.getByRole('navigation', { name: 'Passes' }).getByRole('button', { name: /^Pass 3\b/ }).click();
    const leftSide = page.getByLabel('Left side');
    await expect(leftSide).toHaveValue('0');
    const counts = page.getByLabel('Counts per fate');
    await expect(counts).toContainText(/\d+ summarized/);
    await page.getByRole('button', { name: 'Previous pass' }).click();
    await expect(leftSide).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Previous pass' })).toHaveAttribute('aria-pressed', 'true');
    // Pass 3 only folded pass 2's summary into its own: one summarized message, the tail kept.
    await expect(counts).toContainText('1 summarized');
    await expect(counts).toContainText(/\d+ kept/);
    const diff = page.getByRole('list', { name: 'Diff' });
    await expect(diff.getByRole('listitem', { name: /^Message 1: summarized → .*p3-summary$/ })).toBeVisible();
    await expect(page.getByTestId('diff-tokens')).toContainText(/^After pass 2 [\d,]+ context tokens → [\d,]+ after pass 3/);
    await page.getByTestId('diff-tokens').click();
    const table = page.getByRole('table', { name: 'Metrics of both sides' });
    await expect(table.getByRole('columnheader')).toHaveText(['Metric', 'After pass 2', 'After pass 3', 'Δ']);
    await expect(table.getByRole('row', { name: /^Context tokens/ }).getByRole('cell').nth(2)).toHaveText(/^[+−±][\d,]+/);
    await expect(table.getByRole('row', { name: /^Pinned lines present/ })).toContainText('1 of 1');
    await page.screenshot({ path: 'test-results/screenshots/diff-compare-passes.png' });

    // Stepping passes keeps the left one behind; o goes back to the original.
    await page.keyboard.press('ArrowRight');
    await expect(leftSide).toHaveValue('3');
    await page.keyboard.press('o');
    await expect(leftSide).toHaveValue('0');
  });
});
