import { expect, test } from '@playwright/test';
import { exactTotal, showSummaryDetails, statValue } from './helpers';

test('the app opens with the bundled Claude Code sample, counted exactly', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  expect(await statValue(page, 'Tool calls')).toBe(197);
  expect(await statValue(page, 'Answered')).toBe(197);
  expect(await statValue(page, 'Compactions in source')).toBe(1);
  const total = await exactTotal(page);
  expect(total).toBeGreaterThan(100_000);
  const byKind = (await page.getByTestId('tokens-by-kind').innerText()).match(/[\d,]+/g)?.map((figure) => Number(figure.replace(/,/g, ''))) ?? [];
  expect(byKind.reduce((sum, figure) => sum + figure, 0)).toBe(total);
  await expect(page.getByTestId('window-share')).toContainText('of a 200,000-token context window');
  await expect(page.getByTestId('logged-usage')).toContainText('last logged call 76,350 tokens — ours for the messages it saw');
  // What the agent's 157 logged calls cost, priced by the worker's lazily loaded catalog, with its basis.
  await expect(page.getByTestId('logged-cost-total')).toHaveText(/^Logged calls cost \$[\d,]+\.\d\d \(157 logged calls\) · [\d.]+% of input read from the cache, which saved \$/);
  await expect(page.getByTestId('logged-cost-basis')).toHaveText('(provider-logged usage × prices as of 2026-09-23, @pydantic/genai-prices 0.1.8)');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/app-opens.png' });
  expect(errors).toEqual([]);
});

test('tool call and result link both ways, and search finds messages', async ({ page }) => {
  await page.goto('/?sample=claude-code-tool-heavy');
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  const callLink = page.getByRole('button', { name: /^result at #\d+$/ }).first();
  const label = await callLink.innerText();
  const resultIndex = Number(/#(\d+)/.exec(label)?.[1]);
  await callLink.click();
  const resultRow = page.getByRole('article', { name: new RegExp(`^Message ${resultIndex}, `) });
  await expect(resultRow).toHaveAttribute('aria-current', 'true');
  const backLink = resultRow.getByRole('button', { name: /^call at #\d+$/ });
  const callIndex = Number(/#(\d+)/.exec(await backLink.innerText())?.[1]);
  await backLink.click();
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute('aria-label', new RegExp(`^Message ${callIndex}, `));

  await page.keyboard.press('/');
  await expect(page.getByLabel('Search messages')).toBeFocused();
  await page.keyboard.type('phoenix');
  await expect(page.getByRole('status').filter({ hasText: 'matching messages' })).toHaveText(/^(\d+ of )?5 matching messages$/);
  await page.keyboard.press('Enter');
  const focused = page.locator('article[aria-current="true"]');
  await expect(focused).toHaveClass(/is-match/);
  await expect(focused).toContainText(/phoenix/i);
});

test('switching the encoding recounts exactly', async ({ page }) => {
  await page.goto('/?sample=claude-code-tool-heavy');
  const o200k = await exactTotal(page);
  await showSummaryDetails(page);
  await page.getByLabel('Encoding').selectOption('cl100k_base');
  await expect(page.getByTestId('total-tokens')).toContainText('cl100k_base');
  const cl100k = await exactTotal(page);
  expect(cl100k).not.toBe(o200k);
});

test('j and k step the focus through messages', async ({ page }) => {
  await page.goto('/?sample=claude-code-tool-heavy');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute('aria-label', /^Message 1, /);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute('aria-label', /^Message 3, /);
  await page.keyboard.press('k');
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute('aria-label', /^Message 2, /);
});

test('bad stored settings fall back to defaults instead of breaking counting', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('compaction-lab/settings', JSON.stringify({ state: { encoding: 'bogus_base', contextWindow: -5 }, version: 1 }));
  });
  await page.goto('/?sample=claude-code-tool-heavy');
  await showSummaryDetails(page);
  await expect(page.getByLabel('Encoding')).toHaveValue('o200k_base');
  await expect(page.getByLabel('Context window')).toHaveValue('200000');
  expect(await exactTotal(page)).toBeGreaterThan(0);
});
