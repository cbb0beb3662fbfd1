import { expect, test, type Locator, type Page } from '@playwright/test';
import { showSummaryDetails } from './helpers';

const toolHeavy = '/?sample=claude-code-tool-heavy';
/** The two screens the layout is held to, and the share of the height the Diff's own scroll area must have on each. */
const screens = [
  { width: 1440, height: 900, share: 0.5 },
  { width: 1024, height: 768, share: 0.4 },
];

async function runAndOpenDiff(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Diff' }).click();
}

/**
 * Controls whose text is cut: a tab wider inside than out, or a select narrower than the same select showing only its
 * chosen option at its natural width. A select laid transparent over a face that draws its chosen label is held to
 * the face: it must show that label, and whole.
 */
async function clippedControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const cut: string[] = [];
    for (const tab of root.querySelectorAll<HTMLElement>('[role="tab"]')) if (tab.scrollWidth > tab.clientWidth) cut.push(`tab ${tab.textContent}`);
    for (const select of root.querySelectorAll('select')) {
      const chosen = select.selectedOptions[0];
      if (!chosen || select.offsetParent === null) continue;
      const face = select.parentElement?.querySelector<HTMLElement>('[data-select-face]');
      if (face && getComputedStyle(select).opacity === '0') {
        if (face.textContent !== chosen.text || face.scrollWidth > face.clientWidth || face.scrollHeight > face.clientHeight) cut.push(`select ${select.getAttribute('aria-label')}: "${chosen.text}" (face)`);
        continue;
      }
      const natural = document.createElement('select');
      natural.className = select.className;
      natural.style.cssText = `font: ${getComputedStyle(select).font}; padding: ${getComputedStyle(select).padding}; field-sizing: content; max-width: none; width: auto;`;
      natural.append(new Option(chosen.text));
      document.body.append(natural);
      const needed = natural.getBoundingClientRect().width;
      natural.remove();
      if (select.getBoundingClientRect().width + 0.5 < needed) cut.push(`select ${select.getAttribute('aria-label')}: "${chosen.text}"`);
    }
    return cut;
  });
}

test.describe('room to work', () => {
  for (const screen of screens) {
    test(`at ${screen.width}×${screen.height}, after one run, the Diff's scroll area is at least ${screen.share * 100}% of the window and the Tokens chart is whole, no scrolling`, async ({ page }) => {
      await page.setViewportSize(screen);
      await page.goto('/');
      await runAndOpenDiff(page);
      await expect(page.getByRole('list', { name: 'Diff' })).toBeVisible();
      // The pass timeline stays above the tabs, in sight.
      await expect(page.getByRole('navigation', { name: 'Passes' })).toBeInViewport();
      // The measure is the pane the user reads: the diff's own scroll area, not the tab with its toolbar and lists.
      const box = (await page.locator('.diff-scroller').boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(screen.height * screen.share);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
      // Nothing was scrolled to get there: neither the page nor the views column.
      expect(await page.evaluate(() => [scrollY, document.querySelector('main')!.scrollTop])).toEqual([0, 0]);
      await page.screenshot({ path: `test-results/screenshots/layout-${screen.width}-diff.png` });

      await page.getByRole('tab', { name: 'Tokens' }).click();
      const chart = page.getByRole('region', { name: 'Token chart' }).locator('.chart-frame');
      await expect(chart.locator('svg').first()).toBeVisible();
      await expect(chart).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => [scrollY, document.querySelector('main')!.scrollTop])).toEqual([0, 0]);
      await page.screenshot({ path: `test-results/screenshots/layout-${screen.width}-tokens.png` });
    });

    test(`at ${screen.width}×${screen.height} the header is one row, every tab is in sight and no select on the page cuts its label`, async ({ page }) => {
      await page.setViewportSize(screen);
      await page.goto('/');
      await expect(page.getByTestId('detected-format')).toBeVisible();
      const banner = page.getByRole('banner');
      const middles: number[] = [];
      for (const child of await banner.locator(':scope > *').all()) {
        const childBox = await child.boundingBox();
        if (childBox && childBox.height > 0) middles.push(childBox.y + childBox.height / 2);
      }
      expect(middles.length).toBeGreaterThan(3);
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(6);
      expect((await banner.boundingBox())!.height).toBeLessThan(50);

      const tabList = page.getByRole('tablist', { name: 'Views' });
      expect(await tabList.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
      for (const tab of await tabList.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
      expect(await clippedControls(tabList)).toEqual([]);
      expect(await clippedControls(banner)).toEqual([]);
      await showSummaryDetails(page);
      const summary = page.getByRole('region', { name: 'Transcript summary' });
      await expect(summary.getByLabel('Encoding')).toBeVisible();
      expect(await clippedControls(summary)).toEqual([]);
      // Every select on the page: the run panel's, then those of the tabs that have them.
      const run = page.getByRole('region', { name: 'Compaction run' });
      await expect(run.getByLabel('Profile')).toBeAttached();
      expect(await clippedControls(page.locator('body'))).toEqual([]);
      for (const name of ['A/B', 'Session', 'Config']) {
        await page.getByRole('tab', { name }).click();
        // The Session tab shows its second policy's picker once a comparison is asked for.
        if (name === 'Session') await page.getByRole('tabpanel').getByRole('checkbox', { name: /^Compare with/ }).check();
        await expect(page.getByRole('tabpanel').locator('select:visible').first()).toBeVisible();
        expect(await clippedControls(page.locator('body')), `on the ${name} tab`).toEqual([]);
      }
      await page.screenshot({ path: `test-results/screenshots/layout-${screen.width}-selects.png` });
    });
  }

  test('the import summary opens folded to two lines or so, unfolds its details, and the choice holds for the session', async ({ page }) => {
    await page.goto(toolHeavy);
    const summary = page.getByRole('region', { name: 'Transcript summary' });
    // The figure the page is about is in sight, folded or not.
    await expect(summary.getByTestId('context-tokens')).toBeVisible();
    await expect(summary.getByTestId('stats')).toHaveCount(0);
    // Measured once counting is done: the progress line while it counts is a line of its own.
    await expect(summary.getByText(/counting exactly/)).toHaveCount(0, { timeout: 30_000 });
    const folded = (await summary.boundingBox())!.height;
    expect(folded).toBeLessThan(4 * 22);
    await summary.getByRole('button', { name: 'Show details' }).click();
    await expect(summary.getByTestId('stats')).toBeVisible();
    await expect(summary.getByRole('group', { name: 'Token settings' })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    expect((await summary.boundingBox())!.height).toBeGreaterThan(folded + 30);

    await page.reload();
    await expect(summary.getByTestId('stats')).toBeVisible();
    await summary.getByRole('button', { name: 'Hide details' }).click();
    await expect(summary.getByTestId('stats')).toHaveCount(0);
    await expect(summary.getByRole('button', { name: 'Show details' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the pass timeline folds to one line that follows the keys, and stays folded for the session', async ({ page }) => {
    await page.goto('/');
    await runAndOpenDiff(page);
    const passes = page.getByRole('navigation', { name: 'Passes' });
    const openHeight = (await page.locator('.pass-timeline').boundingBox())!.height;
    await page.getByRole('button', { name: 'Fold passes' }).click();
    await expect(passes).toHaveCount(0);
    const line = page.getByTestId('folded-timeline');
    await expect(line).toContainText(/^Pass 1 of 1 pass: [\d,]+ → [\d,]+ context tokens/);
    expect((await page.locator('.pass-timeline').boundingBox())!.height).toBeLessThan(Math.min(openHeight, 40));
    await page.keyboard.press('ArrowLeft');
    await expect(line).toContainText(/^Original \(1 pass run\)/);
    await page.reload();
    await runAndOpenDiff(page);
    await expect(line).toContainText(/^Pass 1 of 1 pass: /);
    await page.getByRole('button', { name: 'Show passes' }).click();
    await expect(passes).toBeVisible();
  });

  test('the keys the hint names step passes after a tab is clicked; a tab reached by keyboard keeps its arrows', async ({ page }) => {
    await page.goto('/');
    await runAndOpenDiff(page);
    await expect(page.locator('.pass-timeline')).toContainText('← / → step passes');
    const passButtons = page.getByRole('navigation', { name: 'Passes' }).getByRole('button');
    await expect(passButtons.nth(1)).toHaveAttribute('aria-current', 'step');
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(passButtons.first()).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(passButtons.nth(1)).toHaveAttribute('aria-current', 'step');
    // Tab order brings focus to the chosen tab; there the arrows move between tabs (the WAI-ARIA tabs pattern).
    await page.getByRole('tab', { name: 'Tokens' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Retention' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Retention' })).toBeFocused();
    await expect(passButtons.nth(1)).toHaveAttribute('aria-current', 'step');
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
    await showSummaryDetails(page);
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
