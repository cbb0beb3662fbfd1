import { chooseLiveRungs, closeDialog, expect, generateCalls, liveSample, runCompaction, saveKey, setConfig, test } from './live-fixtures';

const openaiKey = 'sk-test-openai-0000-RETRY';

test.describe('live summarizers against the mock provider', () => {
  test('smol answers 503 twice, then succeeds: two retries 1 s and 2 s apart, streamed summary, every call in the network panel', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, {
      smol: { provider: 'openai', model: 'mock-503x2', baseURL: `${mock.url}/v1` },
      main: { provider: 'openai', model: 'mock-ok', baseURL: `${mock.url}/v1` },
    });
    await saveKey(page, 'OpenAI', openaiKey);
    await closeDialog(page);
    await setConfig(page, { force: true });
    const log = await runCompaction(page);
    expect(log.filter((line) => line.includes('HTTP 503'))).toHaveLength(2);
    expect(log).toContain('Retrying in 1 s (attempt 2 next).');
    expect(log).toContain('Retrying in 2 s (attempt 3 next).');
    // The whole session fits in the kept tail, so the pass summarizes nothing, and says so.
    expect(log.some((line) => /^Pass 1 ended: .* by summary \(mock-503x2\) \[changed nothing\]\.$/.test(line))).toBe(true);
    expect(log.find((line) => line.startsWith('Run finished:'))).toMatch(/ 3 summarizer calls\.$/);
    // A success that replaced nothing is not plain success: the log closes with the flag in words.
    expect(log.at(-1)).toMatch(/^Replaced nothing: The run reported success but replaced nothing/);
    expect(generateCalls(mock).map((call) => call.status)).toEqual([503, 503, 200]);
    await expect(page.getByRole('region', { name: 'Summary being written' }).locator('pre')).toContainText('## Goal');
    const rows = page.getByRole('table', { name: 'Network requests' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('mock-503x2');
    await expect(rows.nth(2)).toContainText('cost unknown');
    await expect(rows.nth(0)).toContainText('503');
  });

  test('smol never answers: the attempt budget aborts the request and main answers', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, {
      smol: { provider: 'openai-compatible', model: 'mock-hang', baseURL: `${mock.url}/v1` },
      main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/v1` },
    });
    await closeDialog(page);
    await setConfig(page, { force: true, attemptBudgetMs: 1500 });
    const log = await runCompaction(page);
    expect(log.some((line) => line.includes('exceeded the 1s budget') && line.includes('the attempt budget ran out'))).toBe(true);
    expect(log.some((line) => /attempt \d+: main model \(mock-ok\)/.test(line))).toBe(true);
    expect(log.some((line) => line.startsWith('Run finished:'))).toBe(true);
    const hung = generateCalls(mock).find((call) => call.model === 'mock-hang');
    await expect.poll(() => hung?.closedEarly).toBe(true);
  });

  test('smol and main both fail: local trim; a spent total budget makes no call at all', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, {
      smol: { provider: 'openai-compatible', model: 'mock-malformed', baseURL: `${mock.url}/v1` },
      main: { provider: 'openai-compatible', model: 'mock-401', baseURL: `${mock.url}/v1` },
    });
    await closeDialog(page);
    await setConfig(page, { force: true, keepRecentTokens: 500 });
    const trimmed = await runCompaction(page);
    expect(trimmed.some((line) => /^Pass 1 ended: .* by local-trim, \d+ older messages dropped behind a trim marker/.test(line))).toBe(true);
    expect(generateCalls(mock).length).toBeGreaterThan(0);
    mock.reset();
    await setConfig(page, { totalBudgetMs: 0 });
    const unspent = await runCompaction(page);
    expect(unspent.some((line) => line.includes('total budget'))).toBe(true);
    expect(generateCalls(mock)).toHaveLength(0);
  });

  test('429 is not retried, and the log says why; a priced model\'s call shows its cost, an unpriced one "cost unknown"', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, {
      smol: { provider: 'openai-compatible', model: 'mock-429', baseURL: `${mock.url}/v1` },
      main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/v1` },
    });
    await page.getByText(/^Prices \(USD per million tokens/).click();
    await page.getByLabel('New price model').fill('mock-ok');
    await page.getByLabel('New price input').fill('2');
    await page.getByLabel('New price output').fill('8');
    await page.getByRole('button', { name: 'Add price' }).click();
    await closeDialog(page);
    await setConfig(page, { force: true });
    const log = await runCompaction(page);
    const rows = page.getByRole('table', { name: 'Network requests' }).locator('tbody tr');
    await expect(rows.nth(0)).toContainText('429');
    await expect(rows.nth(0)).toContainText('cost unknown');
    const priced = generateCalls(mock).find((call) => call.model === 'mock-ok');
    expect(priced?.status).toBe(200);
    await expect(rows.nth(1)).toContainText(/\$0\.\d{4,5}/);
    expect(log.some((line) => line.includes('HTTP 429') && line.includes('not retried: a rate limit (HTTP 429) is not transient'))).toBe(true);
    expect(log.some((line) => line.startsWith('Retrying'))).toBe(false);
    expect(generateCalls(mock).filter((call) => call.model === 'mock-429')).toHaveLength(1);
    expect(log.some((line) => line.startsWith('Run finished:'))).toBe(true);
  });

  test('the price editor names the catalog and its date, prices a chosen model from it, and calls a model it lacks cost unknown', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'claude-haiku-4-5', baseURL: `${mock.url}/v1` } });
    await page.getByText(/^Prices \(USD per million tokens/).click();
    await expect(page.getByText(/^Every call is priced from/)).toContainText('Every call is priced from @pydantic/genai-prices 0.1.8, prices as of 2026-09-23');
    const models = page.getByRole('list', { name: 'Prices of your models' });
    await expect(models).toContainText('claude-haiku-4-5: $1 input · $5 output · $0.1 cache read · $1.25 cache write · $2 cache write 1h (catalog)');
    await page.getByLabel('New price model').fill('mock-ok');
    await expect(page.getByRole('status').filter({ hasText: 'mock-ok now' })).toContainText('cost unknown');
  });

  test('Cancel mid-stream stops the run and closes the connection', async ({ page, mock }) => {
    await page.goto(liveSample);
    // mock-stall never finishes its stream, so however slow the machine, the cancel lands mid-stream.
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-stall', baseURL: `${mock.url}/v1` } });
    await closeDialog(page);
    await setConfig(page, { force: true });
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByRole('button', { name: 'Run compaction' }).click();
    await expect(panel.getByRole('region', { name: 'Summary being written' }).locator('pre')).not.toBeEmpty();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    // mock-stall never ends its stream: only the cancel can end this run, however long the machine takes to show it.
    await expect(panel.getByRole('status').filter({ hasText: 'Last run: cancelled' })).toBeVisible();
    const streaming = generateCalls(mock).find((call) => call.model === 'mock-stall');
    await expect.poll(() => streaming?.closedEarly).toBe(true);
  });
});
