import { test as base, expect, type Page } from '@playwright/test';
import { startMockLlm, type MockLlm } from './mock-llm/mock-llm-server';

/** A rung as a spec sets it: provider value, model id, and the base URL (the mock's, usually). */
export interface RungSetting {
  provider: string;
  model: string;
  baseURL: string;
}

/** Each test gets its own mock provider on a free port, so counters and recorded requests never mix across tests. */
export const test = base.extend<{ mock: MockLlm }>({
  // Playwright reads a fixture's dependencies from its first parameter's destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  mock: async ({}, provide) => {
    const mock = await startMockLlm({ port: 0 });
    await provide(mock);
    await mock.close();
  },
});

export { expect };

/** Generate calls the mock received (model lists and preflights excluded). */
export function generateCalls(mock: MockLlm) {
  return mock.requests.filter((request) => request.method === 'POST' && request.model !== undefined);
}

/** Opens the summarizer dialog, switches to live providers and sets both rungs (`smol: undefined` → main only). */
export async function chooseLiveRungs(page: Page, rungs: { smol?: RungSetting; main: RungSetting }): Promise<void> {
  await page.getByRole('button', { name: /^Summarizer:/ }).click();
  await page.getByRole('radio', { name: /Live providers/ }).check();
  for (const [name, setting] of [['Cheap model', rungs.smol], ['Main', rungs.main]] as const) {
    if (!setting) {
      await page.getByLabel(`${name} provider`).selectOption('none');
      continue;
    }
    await page.getByLabel(`${name} provider`).selectOption(setting.provider);
    await page.getByLabel(`${name} base URL`).fill(setting.baseURL);
    await page.getByLabel(`${name} model`).fill(setting.model);
  }
}

/** Enters a key for a provider (dialog open) and waits for its mask to show. */
export async function saveKey(page: Page, label: string, key: string, keep: 'worker' | 'tab' | 'device' = 'worker'): Promise<void> {
  await page.getByLabel(`${label} API key`).fill(key);
  await page.getByLabel(`Keep the ${label} key`).selectOption(keep);
  await page.getByLabel(`${label} API key`).press('Enter');
  await expect(page.getByLabel(`${label} key`, { exact: true })).toHaveText(`••••${key.slice(-4)}`);
}

/** Closes the summarizer dialog. */
export async function closeDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}

/** Replaces the run's config with the profile's defaults plus `extra` (e.g. `{force: true, attemptBudgetMs: 1500}`). */
export async function setConfig(page: Page, extra: Record<string, unknown>): Promise<void> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  const details = panel.locator('details.config-editor');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator('summary').click();
  const editor = panel.getByLabel('Config JSON');
  const current = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
  await editor.fill(JSON.stringify({ ...current, ...extra }, null, 2));
}

/** Starts a compaction and waits until the run is over; returns the run log's lines. */
export async function runCompaction(page: Page, timeout = 30_000): Promise<string[]> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  await panel.getByRole('button', { name: 'Run compaction' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Last run:/ })).toBeVisible({ timeout });
  return panel.getByLabel('Run log').locator('li').allInnerTexts();
}

/** The short sample every live spec compacts: a real Claude Code session of 19 messages. */
export const liveSample = '/?sample=claude-code-tool-heavy';
