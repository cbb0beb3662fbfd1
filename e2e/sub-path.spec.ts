import { expect, test } from '@playwright/test';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { exactTotal, statValue } from './helpers';

/** Where the production build lies; Playwright's own server serves it at the root, this spec under `prefix`. */
const distDirectory = path.join(import.meta.dirname, '..', 'dist');
const prefix = '/compaction-lab/';

/** Content types a static host would send; module scripts need a JavaScript type to run at all. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
};

/** A static host with no headers of its own (no Content-Security-Policy): `dist/` under `prefix`, nothing at the root. */
interface SubPathHost {
  origin: string;
  /** Every path asked for that the host had no file for (a root-relative `/assets/…` would land here). */
  misses: string[];
  close(): Promise<void>;
}

async function fileAt(urlPath: string): Promise<Buffer | undefined> {
  const relative = decodeURIComponent(urlPath.slice(prefix.length)) || 'index.html';
  const file = path.join(distDirectory, relative);
  if (!file.startsWith(distDirectory + path.sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? await readFile(file) : undefined;
  } catch {
    return undefined;
  }
}

async function startSubPathHost(): Promise<SubPathHost> {
  const misses: string[] = [];
  const server: Server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://host').pathname;
    const served = urlPath.startsWith(prefix) ? fileAt(urlPath) : Promise.resolve(undefined);
    void served.then((body) => {
      if (!body) {
        misses.push(urlPath);
        response.writeHead(404).end();
        return;
      }
      const type = contentTypes[path.extname(urlPath === prefix ? 'index.html' : urlPath)] ?? 'text/plain; charset=utf-8';
      response.writeHead(200, { 'content-type': type }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the sub-path host has no TCP port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    misses,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let host: SubPathHost;
test.beforeAll(async () => {
  host = await startSubPathHost();
});
test.afterAll(async () => {
  await host.close();
});

test('the build served under a sub-path loads the sample, keeps its security policy and runs a compaction', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Chromium reports a refused load, a policy violation and a failed module import here.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${host.origin}${prefix}`);

  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  expect(await statValue(page, 'Tool calls')).toBe(197);
  expect(await exactTotal(page)).toBeGreaterThan(100_000);

  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toHaveText(/^Last run: done/, { timeout: 30_000 });
  // A view that loads on first opening fetches its chunks (and the chart library's) from the sub-path too.
  await page.getByRole('tab', { name: 'Tokens', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Export chart as SVG' })).toBeVisible();

  // The host sends no policy header: both meta policies (the static one and the head script's connect-src) are in force.
  const policies = await page.locator('meta[http-equiv="Content-Security-Policy"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content') ?? ''));
  expect(policies).toHaveLength(2);
  expect(policies[0]).toContain("worker-src 'self' blob:");
  expect(policies[1]).toMatch(/^connect-src 'self' /);
  expect(host.misses).toEqual([]);
  expect(errors).toEqual([]);
});
