import { chooseLiveRungs, closeDialog, expect, generateCalls, liveSample, setConfig, test } from './live-fixtures';

/** A config with an extra focus; its `##` heading becomes a section of the mock's summary, so the prompt's effect shows. */
const focus = (name: string) => ({ prompts: { customInstructions: `the recent work.\n## ${name}` } });

test.describe('A/B runs', () => {
  test('two prompt overrides against the mock provider: side by side, summaries diffed, swap and show only differences', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/v1` } });
    await closeDialog(page);
    await setConfig(page, { force: true, keepRecentTokens: 300, ...focus('Focus A') });
    await page.getByRole('tab', { name: 'A/B' }).click();
    const panel = page.getByRole('region', { name: 'A/B' });
    const configA = JSON.parse(await panel.getByLabel('Variant A config JSON').inputValue()) as Record<string, unknown>;
    expect(configA).toMatchObject({ force: true, keepRecentTokens: 300, prompts: { customInstructions: expect.stringContaining('Focus A') } });
    await expect(panel.getByLabel('Variant B config JSON')).toHaveValue(await panel.getByLabel('Variant A config JSON').inputValue());
    await panel.getByLabel('Variant B config JSON').fill(JSON.stringify({ ...configA, ...focus('Focus B') }, null, 2));

    await panel.getByRole('button', { name: 'Run A/B' }).click();
    await expect(panel.getByRole('status', { name: 'A/B status' })).toHaveText('Last A/B: done', { timeout: 30_000 });

    const table = panel.getByRole('table', { name: 'A/B comparison' });
    await expect(table.getByRole('columnheader')).toHaveText(['Metric', 'A (baseline)', 'B', 'Δ (B − A)']);
    await expect(table.getByRole('row', { name: /^summarizer calls 1 1 0$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^provider calls 1 1 0$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^runs succeeded 1 of 1 1 of 1 0$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^facts kept \d+\.\d% \d+\.\d% / })).toBeVisible();
    // One call per variant reached the mock, and each summary is the mock's answer to that variant's own prompt.
    expect(generateCalls(mock).map((call) => [call.model, call.status])).toEqual([['mock-ok', 200], ['mock-ok', 200]]);
    const diff = panel.getByRole('region', { name: 'Summaries diff' });
    // The summaries differ only in the focus heading: one changed line pair, "## Focus " then A struck out and B inserted.
    await expect(diff.locator('del')).toHaveText(['A']);
    await expect(diff.locator('ins')).toHaveText(['B']);
    await expect(diff.locator('tr[data-change="changed"]')).toHaveText([/## Focus A.*## Focus B/]);
    // Cost versus retention: one series per variant, each pass of each listed as text under the chart.
    const chart = panel.getByRole('figure', { name: 'Cost versus retention chart' });
    await expect(chart.getByRole('list', { name: 'Chart series' }).getByRole('listitem')).toHaveText(['A', 'B']);
    await expect(chart.getByRole('list', { name: 'Retention per pass' }).getByRole('listitem')).toHaveText([
      /^A, Pass 1: kept \d+(\.\d+)?% of the [\d,]+ facts compacted so far, [\d,]+ tokens saved/,
      /^B, Pass 1: kept \d+(\.\d+)?% of the [\d,]+ facts compacted so far, [\d,]+ tokens saved/,
    ]);
    await expect(chart.locator('.recharts-scatter')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/screenshots/ab-compared.png', fullPage: true });

    await expect(panel.getByRole('status', { name: 'Baseline' })).toHaveText('Baseline: A');
    await panel.getByRole('button', { name: 'Swap' }).click();
    await expect(panel.getByRole('status', { name: 'Baseline' })).toHaveText('Baseline: B');
    await expect(table.getByRole('columnheader')).toHaveText(['Metric', 'B (baseline)', 'A', 'Δ (A − B)']);
    await expect(diff.locator('del')).toHaveText(['B']);
    await expect(diff.locator('ins')).toHaveText(['A']);
    await expect(diff.locator('tr[data-change="changed"]')).toHaveText([/## Focus B.*## Focus A/]);

    const rowCount = await table.locator('tbody tr').count();
    await panel.getByRole('checkbox', { name: 'Show only differences' }).check();
    await expect(table.getByRole('row', { name: /^summarizer calls / })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^tokens before / })).toHaveCount(0);
    expect(await table.locator('tbody tr').count()).toBeLessThan(rowCount);
    await panel.getByRole('checkbox', { name: 'Show only differences' }).uncheck();
    await expect(table.locator('tbody tr')).toHaveCount(rowCount);

    // The Compaction panel's own run is untouched: A/B results never become the inspector's shown run.
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByRole('status').filter({ hasText: /^Last run:/ })).toHaveCount(0);
  });

  test('repeats show how stable each variant is, and B can use its own model', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/v1` } });
    await closeDialog(page);
    await setConfig(page, { force: true, keepRecentTokens: 300, baseBackoffMs: 1 });
    await page.getByRole('tab', { name: 'A/B' }).click();
    const panel = page.getByRole('region', { name: 'A/B' });
    await panel.getByLabel('Variant B main model').fill('mock-500x1');
    await panel.getByLabel('Repeats').fill('2');
    await panel.getByRole('button', { name: 'Run A/B' }).click();
    await expect(panel.getByRole('status', { name: 'A/B status' })).toHaveText('Last A/B: done', { timeout: 30_000 });
    const stability = panel.getByRole('list', { name: 'Stability' }).getByRole('listitem');
    await expect(stability).toHaveText([/^A — tokens saved: median [\d,]+, spread [\d,]+–[\d,]+ over 2 runs \(stdev 0\)$/, /^B — tokens saved: median [\d,]+/]);
    // B's model fails its first call once (HTTP 500) and is retried: three calls over B's two runs, two over A's.
    expect(generateCalls(mock).map((call) => `${call.model}:${call.status}`)).toEqual(['mock-ok:200', 'mock-ok:200', 'mock-500x1:500', 'mock-500x1:200', 'mock-500x1:200']);
    const table = panel.getByRole('table', { name: 'A/B comparison' });
    await expect(table.getByRole('row', { name: /^provider calls 1 1\.5 \+0\.5$/ })).toBeVisible();
    await expect(panel.getByText('A: main mock-ok · B: main mock-500x1')).toBeVisible();
  });
});
