import { chooseLiveRungs, expect, liveSample, test } from './live-fixtures';
import { mockModelIds, startMockLlm } from './mock-llm/mock-llm-server';

test.describe('connecting providers', () => {
  test('Test connection lists the models (logged in the network panel), and says plainly what is wrong', async ({ page, mock }) => {
    await page.goto('/?sample=none');
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: '', baseURL: `${mock.url}/v1` } });
    const main = page.getByRole('group', { name: 'Main model' });
    await main.getByRole('button', { name: 'Test connection' }).click();
    await expect(main.getByRole('status')).toHaveText(`Connected: ${mockModelIds.length} models listed — pick one or type any id.`);
    await expect(main.locator('datalist option[value="mock-slow"]')).toHaveCount(1);
    await page.getByLabel('Main model').fill('my-own-model:latest');
    await expect(page.getByLabel('Main model')).toHaveValue('my-own-model:latest');

    await page.getByLabel('Main base URL').fill('http://127.0.0.1:9/v1');
    await main.getByRole('button', { name: 'Test connection' }).click();
    // Port 9 is one the browser never connects to, and says so (a refused port and a server without CORS headers: outcomes.spec.ts).
    await expect(main.getByRole('status')).toContainText('Could not reach 127.0.0.1:9: the browser never connects to that port');
    await expect(main.getByRole('status')).not.toContainText('CORS');

    await page.getByLabel('Main provider').selectOption('anthropic');
    await page.getByLabel('Main base URL').fill('');
    await main.getByRole('button', { name: 'Test connection' }).click();
    await expect(main.getByRole('status')).toHaveText('No API key is set for anthropic; add one first.');

    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const rows = page.getByRole('table', { name: 'Network requests' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('model list');
    await expect(rows.nth(0)).toContainText('200');
    await expect(rows.nth(1)).toContainText('no response');
  });

  test('an endpoint outside the security policy is blocked, even from the worker, until the user allows it', async ({ page }) => {
    // A second loopback address is a different origin the built-in policy does not list.
    const outside = await startMockLlm({ port: 0, host: '127.0.0.2' });
    try {
      await page.goto(liveSample);
      await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${outside.url}/v1` } });
      const main = page.getByRole('group', { name: 'Main model' });
      await expect(main.getByRole('alert')).toContainText(`does not allow connections to ${outside.url} yet`);
      await expect(main.getByRole('button', { name: 'Test connection' })).toBeDisabled();
      const worker = page.workers().find((candidate) => candidate.url().startsWith('blob:'));
      expect(worker).toBeDefined();
      const fromWorker = (url: string) => worker!.evaluate((target) => fetch(target).then(() => 'reached', () => 'blocked'), url);
      expect(await fromWorker(`${outside.url}/v1/models`)).toBe('blocked');
      expect(outside.requests).toHaveLength(0);

      await main.getByRole('button', { name: `Allow ${outside.url} and reload` }).click();
      await page.waitForLoadState('load');
      await page.getByRole('button', { name: /^Summarizer:/ }).click();
      await expect(page.getByLabel('Main base URL')).toHaveValue(`${outside.url}/v1`);
      await expect(main.getByRole('alert')).toHaveCount(0);
      await main.getByRole('button', { name: 'Test connection' }).click();
      await expect(main.getByRole('status')).toHaveText(`Connected: ${mockModelIds.length} models listed — pick one or type any id.`);
      expect(outside.requests.some((request) => request.path === '/v1/models')).toBe(true);
    } finally {
      await outside.close();
    }
  });
});
