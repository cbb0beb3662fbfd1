import { expect, test, type Page } from '@playwright/test';

const toolHeavy = '/?sample=claude-code-tool-heavy';

async function runAndOpenDiff(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Diff' }).click();
}

test.describe('room to work', () => {
  test('at 1024×768 the Diff pane after a run is at least half the viewport tall, and fits in it', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(toolHeavy);
    await runAndOpenDiff(page);
    const diff = page.getByRole('region', { name: 'Diff of original and compacted' });
    await expect(diff.getByRole('list', { name: 'Diff' })).toBeVisible();
    await diff.scrollIntoViewIfNeeded();
    const box = await diff.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(768 / 2);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    await page.screenshot({ path: 'test-results/screenshots/layout-1024-diff.png' });
  });

  test('the header is one row at 1440×900', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(toolHeavy);
    await expect(page.getByTestId('detected-format')).toBeVisible();
    const tops: number[] = [];
    for (const child of await page.getByRole('banner').locator(':scope > *').all()) {
      const box = await child.boundingBox();
      if (box && box.height > 0) tops.push(box.y + box.height / 2);
    }
    expect(tops.length).toBeGreaterThan(3);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(6);
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThan(50);
  });

  test('the import summary folds to a line, stays folded for the session, and unfolds', async ({ page }) => {
    await page.goto(toolHeavy);
    const summary = page.getByRole('region', { name: 'Transcript summary' });
    await expect(summary.getByTestId('stats')).toBeVisible();
    const openHeight = (await summary.boundingBox())!.height;
    await summary.getByRole('button', { name: 'Hide details' }).click();
    await expect(summary.getByTestId('stats')).toHaveCount(0);
    await expect(summary.getByRole('button', { name: 'Show details' })).toHaveAttribute('aria-expanded', 'false');
    // The figure the page is about stays in sight.
    await expect(summary.getByTestId('context-tokens')).toBeVisible();
    expect((await summary.boundingBox())!.height).toBeLessThan(openHeight - 30);

    await page.reload();
    await expect(page.getByTestId('detected-format')).toBeVisible();
    await expect(summary.getByTestId('stats')).toHaveCount(0);
    await summary.getByRole('button', { name: 'Show details' }).click();
    await expect(summary.getByTestId('stats')).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('the run panel folds to a strip that gives the room to the work area, and comes back', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(toolHeavy);
    const side = page.getByRole('complementary', { name: 'Compaction and network' });
    const run = page.getByRole('region', { name: 'Compaction run' });
    await expect(run).toBeVisible();
    const workspace = page.getByRole('main');
    const narrow = (await workspace.boundingBox())!.width;
    await side.getByRole('button', { name: /Hide run panel/ }).click();
    await expect(run).toBeHidden();
    expect((await side.boundingBox())!.width).toBeLessThanOrEqual(48);
    expect((await workspace.boundingBox())!.width).toBeGreaterThan(narrow + 250);
    await side.getByRole('button', { name: /Run panel/ }).click();
    await expect(run).toBeVisible();
    await expect(run.getByRole('button', { name: 'Run compaction' })).toBeEnabled();
  });
});

test.describe('first and empty states', () => {
  test('a Diff before any run says to run one instead of listing every message as kept', async ({ page }) => {
    await page.goto(toolHeavy);
    await expect(page.getByTestId('detected-format')).toBeVisible();
    await page.getByRole('tab', { name: 'Diff' }).click();
    await expect(page.getByText('Run a compaction to see what it changes.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Diff' })).toHaveCount(0);
  });

  test('the sample shows a skeleton with its progress while it loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/samples/claude-code-tool-heavy.jsonl', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(toolHeavy);
    const skeleton = page.getByLabel('Loading the transcript');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByRole('status')).toContainText('Downloading claude-code-tool-heavy.jsonl');
    release();
    await expect(page.getByTestId('detected-format')).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test('a tab whose code is not loaded yet holds its place: the panel keeps its size when the view arrives', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/tokens-view-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(toolHeavy);
    await expect(page.getByTestId('detected-format')).toBeVisible();
    // The import report fills in as the count and the usage fit end (a refused calibration says why in a line of its
    // own): measure the panel once the page above it has settled, so only the tab's own arrival could move it.
    await expect(page.getByTestId('context-tokens')).toBeVisible();
    await expect(page.getByText(/calibrated — not offered/)).toHaveCount(1);
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('status', { name: 'Loading Tokens' })).toBeVisible();
    const waiting = (await panel.boundingBox())!;
    release();
    await expect(panel.getByRole('status', { name: 'Loading Tokens' })).toHaveCount(0);
    const loaded = (await panel.boundingBox())!;
    expect(loaded.y).toBe(waiting.y);
    expect(loaded.height).toBe(waiting.height);
  });
});
