import { expect, test, type Page } from '@playwright/test';

/**
 * Opens the Claude Code session and compacts it with two-tier truncating what it compacts: a truncation puts nothing in
 * place of the messages it drops, so facts are surely lost — also facts the session used again in the messages after
 * the compacted part, which two-tier keeps verbatim.
 */
async function runTruncatingCompaction(page: Page): Promise<void> {
  await page.goto('/?sample=claude-code-session');
  await page.getByRole('tab', { name: 'Config' }).click();
  const editor = page.getByRole('region', { name: 'Config editor' });
  await editor.getByRole('button', { name: 'Raw JSON' }).click();
  await editor.getByLabel('Config JSON').fill(JSON.stringify({ profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' }));
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 30_000 });
}

/** Clicks a message button and checks the Original transcript tab shows that message. */
async function expectJumpTo(page: Page, button: ReturnType<Page['getByRole']>, pattern: RegExp): Promise<void> {
  const label = (await button.getAttribute('aria-label')) ?? '';
  const messageNumber = Number(pattern.exec(label)?.[1]);
  expect(messageNumber).toBeGreaterThan(0);
  await button.click();
  await page.getByRole('tab', { name: 'Original transcript' }).click();
  await expect(page.locator('article[aria-current="true"]')).toContainText(`#${messageNumber}`);
  await page.getByRole('tab', { name: 'Retention' }).click();
}

test('the Retention tab measures what a pass lost, lists each lost fact and jumps to its source message', async ({ page }) => {
  await runTruncatingCompaction(page);
  await page.getByRole('tab', { name: 'Retention' }).click();
  const view = page.getByRole('region', { name: 'Retention' });
  const table = view.getByRole('table', { name: 'Retention by category' });
  await expect(table).toContainText(/All facts/);
  await expect(table).toContainText(/\d+(\.\d)?% \(\d+ of \d+\)/);
  const lost = view.getByRole('list', { name: 'Lost facts' });
  await expectJumpTo(page, lost.getByRole('button', { name: /^Show message \d+/ }).first(), /^Show message (\d+)/);

  // The need-weighted view: what the session used after the compacted part, checked without the messages kept after it.
  const needed = view.getByRole('region', { name: 'Needed later' });
  await expect(needed).toContainText(/Needed later: \d+(\.\d+)?% \((\d+) of (\d+) facts the transcript used after the compacted part\)/);
  const [, kept, total] = /\((\d+) of (\d+) facts/.exec((await needed.textContent()) ?? '') ?? [];
  expect(Number(kept)).toBeLessThan(Number(total));
  await expect(needed.getByRole('heading', { name: `Lost needed facts (${Number(total) - Number(kept)})` })).toBeVisible();
  const lostNeeded = needed.getByRole('list', { name: 'Lost needed facts' });
  await expectJumpTo(page, lostNeeded.getByRole('button', { name: /^Show message \d+, where .* was used later/ }).first(), /^Show message (\d+)/);
  await page.screenshot({ path: 'test-results/screenshots/retention.png' });
});

test('after a run the Tokens tab shows the facts each pass kept so far beside its tokens', async ({ page }) => {
  await runTruncatingCompaction(page);
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
