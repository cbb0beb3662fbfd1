import { chooseLiveRungs, closeDialog, expect, liveSample, runCompaction, saveKey, setConfig, test } from './live-fixtures';
import { startMockLlm } from './mock-llm/mock-llm-server';

// Issue 14, items 1 and 2, in the worker: the configured host answers with a redirect to a second loopback address.

const anthropicKey = 'sk-ant-e2e-redirect-4c3b2a19';

test.describe('provider redirects', () => {
  test('a redirect to another origin is refused even when the page allows that origin: the key never reaches it, and the records name the host that answered', async ({ page, mock }) => {
    const second = await startMockLlm({ port: 0, host: '127.0.0.2' });
    const sent: { url: string; headers: string }[] = [];
    page.context().on('request', (request) => {
      void request.allHeaders().then((headers) => sent.push({ url: request.url(), headers: JSON.stringify(headers) }));
    });
    try {
      await page.goto(liveSample);
      // Allow the second origin first, so the page's connect-src policy cannot be what stops the redirect.
      await chooseLiveRungs(page, { main: { provider: 'anthropic', model: 'mock-ok', baseURL: `${second.url}/v1` } });
      const main = page.getByRole('group', { name: 'Main model' });
      await main.getByRole('button', { name: `Allow ${second.url} and reload` }).click();
      await page.waitForLoadState('load');
      const redirecting = `${mock.url}/__redirect/307/${new URL(second.url).host}/v1`;

      // The premise: a plain fetch from the worker follows the 307 and carries x-api-key to the second origin.
      const labWorker = () => page.workers().find((candidate) => candidate.url().startsWith('blob:'));
      await expect.poll(() => labWorker() !== undefined).toBe(true);
      const worker = labWorker();
      const reached = await worker!.evaluate(
        (url) => fetch(url, { method: 'POST', headers: { 'x-api-key': 'control-key', 'content-type': 'application/json' }, body: '{}' }).then((response) => response.url, () => 'failed'),
        `${redirecting}/messages`,
      );
      expect(reached).toBe(`${second.url}/v1/messages`);
      expect(second.requests.some((request) => request.authorization === 'control-key')).toBe(true);
      second.reset();
      mock.reset();

      await page.getByRole('button', { name: /^Summarizer:/ }).click();
      await page.getByLabel('Main base URL').fill(redirecting);
      await saveKey(page, 'Anthropic', anthropicKey);
      await main.getByRole('button', { name: 'Test connection' }).click();
      await expect(main.getByRole('status')).toContainText('Refused a redirect from 127.0.0.1: the browser hides where it leads');
      await closeDialog(page);
      await setConfig(page, { force: true });
      const log = await runCompaction(page);
      expect(log.some((line) => line.includes('refused a redirect from 127.0.0.1'))).toBe(true);

      // The configured host got the key (it is the one the key was entered for); the second origin got nothing.
      const keyed = mock.requests.filter((request) => request.method !== 'OPTIONS');
      expect(keyed.map((request) => [request.method, request.status, request.authorization])).toEqual([
        ['GET', 307, anthropicKey],
        ['POST', 307, anthropicKey],
      ]);
      expect(second.requests).toEqual([]);
      const carrying = sent.filter((request) => request.headers.includes(anthropicKey) || request.url.includes(anthropicKey));
      expect(carrying.length).toBeGreaterThan(0);
      expect(carrying.every((request) => new URL(request.url).host === new URL(mock.url).host)).toBe(true);

      const rows = page.getByRole('table', { name: 'Network requests' }).locator('tbody tr');
      await expect(rows).toHaveCount(2);
      for (const row of [rows.nth(0), rows.nth(1)]) {
        await expect(row).toContainText(new URL(mock.url).host);
        await expect(row).not.toContainText('127.0.0.2');
        await expect(row).toHaveAttribute('title', /refused a redirect from 127\.0\.0\.1/i);
      }
      await expect(rows.nth(1)).toContainText('summary');
    } finally {
      await second.close();
    }
  });

  test('a same-origin redirect is refused too in the browser, which hides where any redirect leads', async ({ page, mock }) => {
    await page.goto('/?sample=none');
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/__redirect/308/same/v1` } });
    const main = page.getByRole('group', { name: 'Main model' });
    await main.getByRole('button', { name: 'Test connection' }).click();
    await expect(main.getByRole('status')).toContainText('Refused a redirect from 127.0.0.1: the browser hides where it leads');
    expect(mock.requests.filter((request) => request.method === 'GET').map((request) => [request.path, request.status])).toEqual([['/__redirect/308/same/v1/models', 308]]);
  });
});
