import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fixturesDirectory, openEmptyApp, statValue, uploadContent, uploadFixture } from './helpers';

test('malformed JSONL names the line and column and keeps the good lines', async ({ page }) => {
  await openEmptyApp(page);
  const lines = readFileSync(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'), 'utf8').split('\n');
  lines.splice(6, 0, '{"type":"user", "broken": tru');
  await uploadContent(page, 'broken.jsonl', lines.join('\n'));
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  await expect(page.getByRole('status').filter({ hasText: 'Skipped 1 of' })).toBeVisible();
  await expect(page.getByText(/^Line 7, column \d+:/)).toBeVisible();
  expect(await statValue(page, 'Tool calls')).toBe(6);
  await page.screenshot({ path: 'test-results/screenshots/malformed-jsonl.png' });
});

test('an unknown format says what was tried, and the loaded transcript is kept unchanged', async ({ page }) => {
  await openEmptyApp(page);
  await uploadFixture(page, 'claude-code__tool_heavy.jsonl');
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  const messagesBefore = await statValue(page, 'Messages');
  await uploadContent(page, 'mystery.json', JSON.stringify({ hello: 'world', items: [1, 2, 3] }));
  await expect(page.getByRole('alert')).toContainText('Unknown format. Tried:');
  await expect(page.getByRole('alert')).toContainText('If this is a config, use Share config → Upload config.');
  await expect(page.getByRole('alert')).toContainText('Claude Code');
  await expect(page.getByRole('alert')).toContainText('loaded before, unchanged');
  expect(await statValue(page, 'Messages')).toBe(messagesBefore);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await statValue(page, 'Messages')).toBe(messagesBefore);
});

test('malformed JSON names its line and column', async ({ page }) => {
  await openEmptyApp(page);
  await uploadContent(page, 'broken.json', '{\n  "messages": [\n    {"role": "user", "content": "hi"},\n    {"role": oops}\n  ]\n}');
  await expect(page.getByRole('alert')).toContainText(/line 4, column \d+/i);
});

test('a binary file is refused', async ({ page }) => {
  await openEmptyApp(page);
  await uploadContent(page, 'image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
  await expect(page.getByRole('alert')).toContainText('binary file');
});

test('hostile transcript text is shown as text, never run as HTML', async ({ page }) => {
  await openEmptyApp(page);
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await uploadContent(page, 'hostile.json', JSON.stringify([{ role: 'user', content: hostile }, { role: 'assistant', content: 'ok' }]));
  await expect(page.getByText(hostile)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('article img')).toHaveCount(0);
});

test('a worker that fails to start gives a clear error instead of a spinner forever', async ({ page }) => {
  await page.route('**/assets/lab-worker-*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("simulated worker failure");' }));
  await openEmptyApp(page);
  await uploadContent(page, 'chat.json', JSON.stringify([{ role: 'user', content: 'hi' }]));
  await expect(page.getByRole('alert')).toContainText('background worker stopped');
});
