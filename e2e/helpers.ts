import { expect, type Page } from '@playwright/test';
import path from 'node:path';

/** Folder of the real and hand-written transcripts the specs upload. */
export const fixturesDirectory = path.join(import.meta.dirname, 'fixtures', 'transcripts');

/** Opens the app with nothing loaded, so a spec controls what is imported. */
export async function openEmptyApp(page: Page): Promise<void> {
  await page.goto('/?sample=none');
  await expect(page.getByText('Drop a transcript anywhere')).toBeVisible();
}

/** Uploads a file through the "Open file…" input. */
export async function uploadFixture(page: Page, fileName: string): Promise<void> {
  await page.getByLabel('Transcript file').setInputFiles(path.join(fixturesDirectory, fileName));
}

/** Uploads in-memory content as a file. */
export async function uploadContent(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByLabel('Transcript file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
}

/** Unfolds the transcript summary's details (counts, token settings, logged usage), which open folded. */
export async function showSummaryDetails(page: Page): Promise<void> {
  const toggle = page.getByRole('region', { name: 'Transcript summary' }).getByRole('button', { name: /^(Show|Hide) details$/ });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Reads one figure from the summary's stats list, as a number. */
export async function statValue(page: Page, label: string): Promise<number> {
  await showSummaryDetails(page);
  const text = await page.getByTestId('stats').locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').innerText();
  return Number(text.replace(/,/g, ''));
}

/** Waits until exact counting finished and returns the total. */
export async function exactTotal(page: Page): Promise<number> {
  const total = page.getByTestId('total-tokens');
  await expect(total).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
  return Number((await total.locator('strong').innerText()).replace(/[^\d]/g, ''));
}
