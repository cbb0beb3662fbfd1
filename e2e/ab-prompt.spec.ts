import { expect, test } from '@playwright/test';

/**
 * A/B of a prompt without writing JSON: the run's settings through the Config tab's form, "Edit a prompt in B" makes B
 * a copy of A with the prompt open, one heading of the prompt is changed in its editor, and the summaries come back side
 * by side with the changed line highlighted (the offline summarizer writes the prompt's headings as it is given them).
 */
test('a prompt edited in B through the UI runs and shows both summaries side by side, the changed line highlighted', async ({ page }) => {
  await page.goto('/?sample=claude-code-tool-heavy');
  await page.getByRole('tab', { name: 'Config' }).click();
  const config = page.getByRole('region', { name: 'Config editor' });
  await config.getByLabel('force', { exact: true }).selectOption('true');
  await config.getByLabel('keepRecentTokens', { exact: true }).fill('300');

  await page.getByRole('tab', { name: 'A/B' }).click();
  const panel = page.getByRole('region', { name: 'A/B' });
  const variantB = panel.getByRole('region', { name: 'Variant B' });
  await expect(variantB.getByLabel('Prompt to edit in B')).toHaveValue('summary');
  await variantB.getByRole('button', { name: 'Edit a prompt in B' }).click();
  // B is A's config with the prompt open as the main editor, focused and started from its default.
  const prompt = variantB.getByLabel('First summary (compaction/summary) override');
  await expect(prompt).toBeFocused();
  await expect(prompt).toHaveValue(/## Goal\n/);
  await expect(variantB.getByRole('status', { name: 'Prompt opened in B' })).toContainText('First summary');
  await prompt.fill((await prompt.inputValue()).replace('## Goal\n', '## Goals\n'));
  // The editor's own diff against the default shows the edit; its variable check finds nothing wrong.
  await expect(variantB.getByRole('group', { name: 'Changes to First summary (compaction/summary)' }).locator('ins')).toContainText(['Goals']);
  await expect(variantB.getByRole('alert')).toHaveCount(0);
  // The prompt is the main editor, across the tab (A steps aside) and most of the viewport's height; Escape ends it.
  const width = (await panel.boundingBox())?.width ?? 0;
  expect((await prompt.boundingBox())?.width).toBeGreaterThan(width * 0.5);
  expect((await prompt.boundingBox())?.height).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.4);
  await expect(panel.getByRole('region', { name: 'Variant A' })).toBeHidden();
  await prompt.press('Escape');
  await expect(variantB.getByRole('button', { name: 'Edit a prompt in B' })).toBeFocused();
  await expect(panel.getByRole('region', { name: 'Variant A' })).toBeVisible();
  // Back in B's form: B is A's config, its form settings included.
  await expect(variantB.getByLabel('force', { exact: true })).toHaveValue('true');
  await expect(variantB.getByLabel('keepRecentTokens', { exact: true })).toHaveValue('300');
  await variantB.getByRole('button', { name: 'Edit First summary (compaction/summary)' }).click();
  await expect(prompt).toBeFocused();

  await panel.getByRole('button', { name: 'Run A/B' }).click();
  await expect(panel.getByRole('status', { name: 'A/B status' })).toHaveText('Last A/B: done', { timeout: 30_000 });
  const diff = panel.getByRole('region', { name: 'Summaries diff' });
  const table = diff.getByRole('table', { name: 'Summaries side by side' });
  await expect(table.getByRole('columnheader')).toHaveText(['A', 'B']);
  // Side by side: the same heading line stands on both sides of one row, and the one changed line pair is highlighted.
  await expect(table.locator('tr[data-change="same"]').filter({ hasText: '## Constraints & Preferences' })).toHaveCount(1);
  const changed = table.locator('tr[data-change="changed"]');
  await expect(changed).toHaveCount(1);
  await expect(changed.locator('td.ab-line-text')).toHaveText(['## Goal', '## Goals']);
  await expect(changed.locator('del')).toHaveText(['Goal']);
  await expect(changed.locator('ins')).toHaveText(['Goals']);
  const highlight = await changed.locator('td.ab-line-text').first().evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(highlight).not.toBe('rgba(0, 0, 0, 0)');
  await expect(diff.getByRole('heading')).toContainText('1 line changed');
  await diff.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/ab-prompt-side-by-side.png' });
});

/** The Config tab's prompt editor fits the screen whole: its head, the text box and the buttons under it. */
for (const screen of [{ width: 1440, height: 900 }, { width: 1024, height: 768 }]) {
  test(`the Config tab's prompt editor shows whole at ${screen.width}×${screen.height}`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/?sample=claude-code-tool-heavy');
    await page.getByRole('tab', { name: 'Config' }).click();
    const config = page.getByRole('region', { name: 'Config editor' });
    await config.getByRole('button', { name: /Prompt overrides/ }).click();
    await config.getByRole('button', { name: 'Edit First summary (compaction/summary)' }).click();
    const editor = config.getByRole('region', { name: 'First summary (compaction/summary)' });
    const text = editor.getByLabel('First summary (compaction/summary) override');
    await expect(text).toBeFocused();
    const parts = {
      heading: editor.getByRole('heading', { name: 'First summary (compaction/summary)' }),
      Done: editor.getByRole('button', { name: 'Done' }),
      'text box': text,
      Reset: editor.getByRole('button', { name: 'Reset First summary (compaction/summary)' }),
      'Start from the default': editor.getByRole('button', { name: 'Start First summary (compaction/summary) from the default' }),
      'diff checkbox': editor.getByLabel('Show the diff of First summary (compaction/summary)'),
    };
    for (const [name, part] of Object.entries(parts)) {
      const box = await part.boundingBox();
      expect(box?.y, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? Infinity), `${name} ends on screen`).toBeLessThanOrEqual(screen.height);
    }
    expect((await text.boundingBox())?.height).toBeGreaterThan(screen.height * 0.4);
  });
}
