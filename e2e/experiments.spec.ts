import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Three real sessions that compact at a 200K window (from ../shared/fixtures/compactions). */
const compactions = path.join(import.meta.dirname, 'fixtures', 'compactions');
const sessions = ['claude-code__entire-20b81bf8-77cd-4205-8ac9-727b573a70e4.jsonl', 'claude-code__entire-85cc202e-0e74-46ce-a485-e5fcd11f7a8c.jsonl', 'claude-code__entire-deeac353-0765-4439-9056-293619a99172.jsonl'];
const configs = ['Gemini CLI (50 % trigger, keep the newest 30 %) — approximation', 'Harn agent-loop hybrid (keep_last 10)'];

const view = (page: Page) => page.locator('.experiments-view');
const grid = (page: Page) => page.getByRole('table', { name: 'Experiment results' });

/** `compaction-lab eval --jsonl` on one session under one config, as CI would run it: its output file's path. */
function evalJsonl(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'experiments-e2e-'));
  const config = path.join(directory, 'half-window.json');
  writeFileSync(config, JSON.stringify({ schemaVersion: 1, profile: 'auto-compactor', window: 100_000 }));
  const bin = path.join(import.meta.dirname, '..', 'src', 'cli', 'bin.mjs');
  const output = execFileSync(process.execPath, [bin, 'eval', '--config', config, '--jsonl', path.join(compactions, sessions[0])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const file = path.join(directory, 'eval-output.jsonl');
  writeFileSync(file, output);
  return file;
}

test.describe('an experiment', () => {
  test.setTimeout(300_000);

  test('of two configs on three transcripts runs, is kept across a reload, opens a cell, compares two and imports eval --jsonl', async ({ page }) => {
    await page.goto('/?sample=none');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Experiments' }).click();
    await expect(page).toHaveURL(/#experiments$/);
    await expect(view(page).getByText('Add transcripts: pick from your workspace, the samples, or drop files here.')).toBeVisible();
    await expect(view(page).getByRole('button', { name: 'Run experiment' })).toBeDisabled();

    await view(page).getByLabel('Add transcript files…').setInputFiles(sessions.map((name) => path.join(compactions, name)));
    await expect(view(page).getByText('Transcripts (3 chosen)')).toBeVisible({ timeout: 30_000 });
    for (const name of configs) await view(page).getByRole('checkbox', { name }).check();
    await expect(view(page).getByText('Configs (2 chosen)')).toBeVisible();
    await view(page).getByRole('textbox', { name: 'Value' }).fill('0.5');
    await view(page).getByRole('button', { name: 'Add assertion' }).click();
    await expect(view(page).getByRole('list', { name: 'Assertions' })).toContainText('needRetention>=0.5');

    await view(page).getByRole('button', { name: 'Run experiment' }).click();
    await expect(page.getByTestId('experiment-progress')).toHaveText(/^6 of 6 cells/, { timeout: 240_000 });
    await expect(grid(page).locator('tbody td[data-status="done"]')).toHaveCount(6);
    await expect(grid(page).getByRole('rowheader')).toHaveCount(4);
    const frontier = page.getByRole('figure', { name: 'Frontier chart' });
    // Each config with retention measured is a point of the plot, drawn once the run has ended.
    const drawn = await frontier.getByRole('list', { name: 'Configs on the chart' }).getByRole('listitem').filter({ hasNotText: 'not drawn' }).count();
    expect(drawn).toBeGreaterThan(0);
    await expect(frontier.locator('.frontier-points .frontier-dot')).toHaveCount(drawn);
    await expect(page.getByTestId('best-config')).toHaveText(/^(Best under your assertions: .+ — .+|No best config: .+)\.$/);

    // A reload keeps the view (the hash), the workspace's transcripts and the experiment in the history.
    await page.reload();
    await expect(view(page).getByText('Transcripts (3 chosen)')).toBeVisible({ timeout: 30_000 });
    await expect(view(page).getByRole('group', { name: 'Your workspace' }).getByRole('checkbox')).toHaveCount(3);
    await view(page).getByText(/^Past experiments \(1\)$/).click();
    await view(page).getByRole('button', { name: /^Open / }).first().click();
    await expect(grid(page).locator('tbody td[data-status="done"]')).toHaveCount(6);

    // Compare two configs on the first transcript: the Diff's two sides and its metric table.
    const firstRow = grid(page).locator('tbody tr').first();
    await firstRow.getByRole('button', { name: new RegExp(`under ${configs[0].slice(0, 10)}`) }).click();
    await page.getByRole('menuitem', { name: 'Compare…' }).click();
    await firstRow.getByRole('button', { name: /under Harn agent-loop/ }).click();
    await page.getByRole('menuitem', { name: /^Compare with / }).click();
    const comparison = page.getByRole('region', { name: 'Comparison of two runs' });
    await expect(comparison.getByRole('region', { name: /^Diff of Gemini CLI .* and Harn agent-loop hybrid/ })).toBeVisible({ timeout: 120_000 });
    await expect(comparison.getByRole('list', { name: 'Diff' }).getByRole('listitem').first()).toBeVisible();
    await expect(comparison).toContainText(/[\d,]+ context tokens → [\d,]+/);

    // One cell in the inspector: the lab shows its transcript, with the config's run in the Diff.
    await firstRow.getByRole('button', { name: /under Harn agent-loop/ }).click();
    await page.getByRole('menuitem', { name: 'Open in inspector' }).click();
    await expect(page).not.toHaveURL(/#experiments/);
    await expect(page.getByRole('region', { name: 'Transcript summary' }).locator('.source-name')).toHaveText(sessions[0], { timeout: 60_000 });
    await expect(page.getByRole('tab', { name: 'Diff', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout: 120_000 });

    // `eval --jsonl` output opens as a finished experiment.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Experiments' }).click();
    await view(page).getByLabel('Import eval --jsonl…').setInputFiles(evalJsonl());
    await expect(grid(page).getByRole('rowheader').first()).toContainText(sessions[0]);
    await expect(grid(page).locator('thead th')).toHaveCount(2);
    await expect(view(page).getByText(/^Past experiments \(2\)$/)).toBeVisible();
  });
});
