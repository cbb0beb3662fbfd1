import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLiveRungs } from './live-fixtures';
import { startMockLlm } from './mock-llm/mock-llm-server';

const panel = (page: Page) => page.getByRole('region', { name: 'Compaction run' });

/**
 * The bundled Claude Code sample, auto-compactor, a 30,000-token window and 25,000 kept recent tokens: settings that
 * cannot work as set (the kept tail alone is over the gate), run anyway, so every pass stays over the gate until the
 * eighth and the run fails (the new user's walk, C1).
 */
async function runUntilMaxPasses(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('context-tokens')).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
  await panel(page).getByLabel('Profile').selectOption('auto-compactor');
  await panel(page).getByRole('spinbutton', { name: 'Window' }).fill('30000');
  await panel(page).getByRole('spinbutton', { name: 'Keep recent tokens' }).fill('25000');
  await panel(page).getByRole('spinbutton', { name: 'Max passes' }).fill('8');
  await panel(page).getByRole('button', { name: 'Run anyway' }).click();
  await expect(page.getByTestId('run-outcome')).toHaveText(/^Failed: still over the gate after 8 passes/, { timeout: 30_000 });
}

/** The part of `inner` that lies inside `outer`'s box, as a share of `inner`'s width (1 when wholly inside). */
async function shareInside(inner: Locator, outer: Locator): Promise<number> {
  const [box, frame] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!box || !frame) return 0;
  const visible = Math.min(box.x + box.width, frame.x + frame.width) - Math.max(box.x, frame.x);
  return Math.max(0, visible) / box.width;
}

test('a failed run says why at the top of the run panel, visible without scrolling at 1440×900, and the progress says the passes run', async ({ page }) => {
  await runUntilMaxPasses(page);
  const outcome = page.getByTestId('run-outcome');
  await expect(outcome).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => [window.scrollY, document.querySelector('.run-panel')?.scrollTop ?? 0])).toEqual([0, 0]);
  await expect(page.getByLabel('Run progress')).toContainText('8 passes run, of at most 8');
  await expect(page.getByLabel('Run progress')).not.toContainText(/\b0 ms elapsed/);
  // The log follows its newest line: the run's last line is in the log's visible part.
  const log = panel(page).getByLabel('Run log');
  await expect(log.locator('li').filter({ hasText: /^Run failed: .*still over the gate after 8 passes/ })).toHaveCount(1);
  // Still over the 30,000-token window after the last pass: the log closes with that, the model would refuse the call.
  await expect(log.locator('li').last()).toContainText(/^Over the window: The context after the run is [\d,]+ .* over the 30,000-token window/);
  expect(await shareInside(log.locator('li').last(), log)).toBeGreaterThan(0);
  expect(await log.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight)).toBeLessThanOrEqual(8);
  // Scrolled up, the log stays where the reader is and offers the newest line back.
  await log.evaluate((list) => list.scrollTo({ top: 0 }));
  await panel(page).getByRole('button', { name: 'Jump to newest' }).click();
  await expect.poll(() => log.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight)).toBeLessThanOrEqual(8);
});

test('←/→ to the last pass of a many-pass run brings it into the timeline\'s visible area, and its overflow has buttons', async ({ page }) => {
  await runUntilMaxPasses(page);
  const timeline = page.getByRole('navigation', { name: 'Passes' });
  const row = timeline.locator('ol');
  const selected = timeline.locator('[aria-current="step"]');
  await expect(selected).toContainText('Pass 8');
  await expect.poll(() => shareInside(selected, row)).toBeGreaterThan(0.99);
  await page.locator('body').click({ position: { x: 5, y: 890 } });
  for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowLeft');
  await expect(selected).toContainText('Original');
  await expect.poll(() => shareInside(selected, row)).toBeGreaterThan(0.99);
  expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth), 'eight passes overflow the row at 1440 wide').toBe(true);
  const later = page.getByRole('button', { name: 'Show later passes' });
  await expect(later).toBeEnabled();
  for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowRight');
  await expect(selected).toContainText('Pass 8');
  await expect.poll(() => shareInside(selected, row)).toBeGreaterThan(0.99);
  await expect(later).toBeDisabled();
  // The buttons scroll the row by keyboard too.
  const earlier = page.getByRole('button', { name: 'Show earlier passes' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shareInside(selected, row)).toBeLessThan(0.99);
});

test('Test connection names a refused port as refused and a server without CORS headers as CORS', async ({ page }) => {
  const closed = await startMockLlm({ port: 0 });
  await closed.close();
  // A server that answers but allows no other origin: the browser withholds its answer.
  const bare = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto('/?sample=none');
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: '', baseURL: `${closed.url}/v1` } });
    const main = page.getByRole('group', { name: 'Main model' });
    await main.getByRole('button', { name: 'Test connection' }).click();
    const host = new URL(closed.url).host;
    await expect(main.getByRole('status')).toHaveText(`Could not reach ${host}: connection refused (nothing is listening there). Is the server running, and on this port?`);
    await expect(main.getByRole('status')).not.toContainText('CORS');

    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    await page.getByLabel('Main base URL').fill(`${bareUrl}/v1`);
    await main.getByRole('button', { name: 'Test connection' }).click();
    await expect(main.getByRole('status')).toContainText(`${new URL(bareUrl).host} answered, but the browser withheld the answer (CORS)`);
    await expect(main.getByRole('status')).toContainText(`OLLAMA_ORIGINS=http://localhost:${process.env.E2E_PORT ?? 4173}`);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
});
