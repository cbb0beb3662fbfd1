import { expect, test, type Page } from '@playwright/test';

/** Opens the short sample and compacts it with the gate skipped and almost nothing kept verbatim, so facts are lost. */
async function runForcedCompaction(page: Page): Promise<void> {
  await page.goto('/?sample=claude-code-tool-heavy');
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('checkbox', { name: 'Force (skip the gate)' }).check();
  await panel.getByRole('spinbutton', { name: 'Keep recent tokens' }).fill('300');
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
}

test('the Retention tab measures what a pass lost, lists each lost fact and jumps to its source message', async ({ page }) => {
  await runForcedCompaction(page);
  await page.getByRole('tab', { name: 'Retention' }).click();
  const view = page.getByRole('region', { name: 'Retention' });
  const table = view.getByRole('table', { name: 'Retention by category' });
  await expect(table).toContainText(/All facts/);
  await expect(table).toContainText(/\d+(\.\d)?% \(\d+ of \d+\)/);
  const lost = view.getByRole('list', { name: 'Lost facts' });
  const firstJump = lost.getByRole('button', { name: /^Show message \d+/ }).first();
  await expect(firstJump).toBeVisible();
  const label = (await firstJump.getAttribute('aria-label')) ?? '';
  const messageNumber = Number(/^Show message (\d+)/.exec(label)?.[1]);
  await firstJump.click();
  await page.getByRole('tab', { name: 'Original transcript' }).click();
  await expect(page.locator('article[aria-current="true"]')).toContainText(`#${messageNumber}`);
  await page.screenshot({ path: 'test-results/screenshots/retention.png' });
});

test('after a run the Tokens tab shows the facts each pass kept so far beside its tokens', async ({ page }) => {
  await runForcedCompaction(page);
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const table = page.getByRole('table', { name: 'Tokens by kind per pass' });
  const cells = table.getByRole('row', { name: /^Facts kept so far/ }).getByRole('cell');
  await expect(cells.first()).toHaveText(/nothing compacted yet/);
  const states = await table.getByRole('columnheader').count();
  expect(states).toBeGreaterThan(2);
  await expect(cells).toHaveCount(states - 1);
  for (let pass = 1; pass < states - 1; pass++) await expect(cells.nth(pass)).toHaveText(/^\d+(\.\d+)?% of [\d,]+ facts compacted so far$/);
  await expect(page.getByRole('list', { name: 'Chart legend' })).toContainText('Facts kept so far');
  await page.screenshot({ path: 'test-results/screenshots/tokens-retention.png', fullPage: true });
});
