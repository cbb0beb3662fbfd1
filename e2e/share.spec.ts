import { expect, test, type Page } from '@playwright/test';
import { deflateSync, strToU8 } from 'fflate';
import { runCompaction, setConfig } from './live-fixtures';

const fakeKey = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';

/** Opens the app on its default sample and waits until a run can start. */
async function openApp(page: Page, address = '/'): Promise<void> {
  await page.goto(address);
  await expect(page.getByRole('region', { name: 'Compaction run' }).getByRole('button', { name: 'Run compaction' })).toBeEnabled({ timeout: 30_000 });
}

async function configJson(page: Page): Promise<unknown> {
  const panel = page.getByRole('region', { name: 'Compaction run' });
  const details = panel.locator('details.config-editor');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator('summary').click();
  return JSON.parse(await panel.getByLabel('Config JSON').inputValue());
}

async function copyShareLink(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Share config' }).click();
  await page.getByRole('button', { name: 'Copy share link' }).click();
}

/** A link carrying any JSON, built the way the page builds one, for documents the page itself refuses to share. */
function linkCarrying(value: unknown): string {
  return `/#config=${Buffer.from(deflateSync(strToU8(JSON.stringify(value)))).toString('base64url')}`;
}

test.describe('sharing a config', () => {
  test('a link opens in a fresh browser as a preview that runs nothing, and applying it gives the same result', async ({ page, browser }) => {
    // Two browsers each load the default sample (3.4 MB) and run it: more work than one page's 60 s covers on 2 cores.
    test.setTimeout(180_000);
    await openApp(page);
    await setConfig(page, { force: true, keepRecentTokens: 3000, maxPasses: 2 });
    const tuned = await configJson(page);
    const original = await runCompaction(page);
    expect(original.at(-1)).toMatch(/^Run finished: /);

    await copyShareLink(page);
    const link = await page.getByLabel('Share link').inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/#config=[A-Za-z0-9_-]+$/);
    expect(link).not.toContain('?');

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(link);
    const dialog = other.getByRole('dialog', { name: 'Shared config' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('auto-compactor');
    await expect(dialog.getByLabel('Shared config JSON')).toContainText('"keepRecentTokens": 3000');
    await expect(dialog.getByRole('note')).toHaveText(/^Applying sets the config and runs nothing\. A run on this transcript would call live providers about (once|\d+ times)/, { timeout: 30_000 });
    await expect(other).not.toHaveURL(/#config=/);
    await other.screenshot({ path: 'test-results/screenshots/share-preview.png' });

    const otherPanel = other.getByRole('region', { name: 'Compaction run' });
    await expect(otherPanel.getByLabel('Run log')).toHaveCount(0);
    await expect(otherPanel.getByRole('status').filter({ hasText: /^Last run/ })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Apply config' }).click();
    await expect(dialog).toBeHidden();
    await expect(otherPanel.getByLabel('Run log')).toHaveCount(0);
    expect(await configJson(other)).toEqual(tuned);
    const replayed = await runCompaction(other);
    expect(replayed.at(-1)).toBe(original.at(-1));

    // The dialog opens on the page's first render from the fragment; the fragment is gone, so a reload does not ask again.
    await other.reload();
    await expect(other.getByRole('button', { name: 'Share config' })).toBeVisible();
    await expect(other.getByRole('dialog', { name: 'Shared config' })).toHaveCount(0);
    await fresh.close();
  });

  test('a tampered link is refused in the dialog, and Apply stays off', async ({ page }) => {
    await openApp(page);
    await copyShareLink(page);
    const link = await page.getByLabel('Share link').inputValue();
    await page.goto(link.slice(0, -12));
    const dialog = page.getByRole('dialog', { name: 'Shared config' });
    await expect(dialog.getByRole('alert')).toContainText('This shared link cannot be opened: the link is damaged:');
    await expect(dialog.getByRole('button', { name: 'Apply config' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a config holding a key is never shared: the link is refused with the path named', async ({ page }) => {
    await openApp(page);
    await setConfig(page, { apiKey: fakeKey });
    await copyShareLink(page);
    const refusal = page.getByRole('region', { name: 'Share' }).getByRole('alert');
    await expect(refusal).toContainText('config.apiKey — OpenAI API key');
    await expect(refusal).not.toContainText(fakeKey.slice(8));
    await expect(page.getByLabel('Share link')).toHaveCount(0);
  });

  test('a link that carries a key, or a newer version, opens refused or read-only', async ({ page }) => {
    await page.goto(linkCarrying({ schemaVersion: 1, profile: 'auto-compactor', prompts: { customInstructions: `use ${fakeKey}` } }));
    const dialog = page.getByRole('dialog', { name: 'Shared config' });
    await expect(dialog.getByRole('alert')).toContainText('prompts.customInstructions — OpenAI API key');
    await expect(dialog).not.toContainText(fakeKey.slice(8));
    await expect(dialog.getByRole('button', { name: 'Apply config' })).toBeDisabled();

    await page.goto(linkCarrying({ kind: 'compaction-lab/config', schemaVersion: 2, createdWith: 'later', config: { profile: 'two-tier' } }));
    await expect(dialog).toContainText('written by a newer Compaction Lab');
    await expect(dialog.getByRole('button', { name: 'Apply config' })).toBeDisabled();
  });

  test('uploading an exported file previews it like a link, and Apply puts its config in the run panel, running nothing', async ({ page }) => {
    await openApp(page);
    const exported = { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { profile: 'two-tier', schemaVersion: 1, keepLast: 3 }, prompts: { summarizePrompt: 'Short: {{formatted_messages}}' } };
    await page.getByRole('button', { name: 'Share config' }).click();
    await page.getByLabel('Config file').setInputFiles({ name: 'shared.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    const dialog = page.getByRole('dialog', { name: 'Config file' });
    await expect(dialog.getByRole('group', { name: "A: the run panel's config" })).toContainText('keepLast: not set → 3');
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByLabel('Profile')).toHaveValue('auto-compactor');
    await dialog.getByRole('button', { name: 'Apply config' }).click();
    expect(await configJson(page)).toEqual({ profile: 'two-tier', schemaVersion: 1, keepLast: 3, summarizePrompt: 'Short: {{formatted_messages}}' });
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByLabel('Profile')).toHaveValue('two-tier');
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByLabel('Run log')).toHaveCount(0);
  });

  test('a shared A/B link applied restores both variants: A in the run panel, B with its prompt override in the A/B tab', async ({ page }) => {
    const a = { schemaVersion: 1, profile: 'auto-compactor', keepRecentTokens: 3000 };
    const b = { ...a, prompts: { summary: 'Summarize tersely. Keep every file path the user named.' } };
    // Applied once the sample is in: a transcript that loads later resets what it opened with.
    await openApp(page, linkCarrying({ kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: a, ab: { a, b } }));
    const dialog = page.getByRole('dialog', { name: 'Shared config' });
    await expect(dialog.getByRole('group', { name: 'B: variant B in the A/B tab' })).toContainText('prompts.summary');
    await expect(dialog.getByRole('region', { name: 'Prompt overrides in B' })).toContainText('Summarize tersely.');
    await dialog.getByRole('button', { name: 'Apply A and B' }).click();
    await expect(dialog).toBeHidden();
    expect(await configJson(page)).toEqual(a);
    await page.getByRole('tab', { name: 'A/B' }).click();
    const variantB = page.getByRole('region', { name: 'Variant B', exact: true });
    await expect(variantB).toContainText('Edited');
    expect(JSON.parse(await variantB.getByLabel('Variant B config JSON').inputValue())).toEqual(b);
  });

  test('Escape closes the Share panel and gives the focus back to its button', async ({ page }) => {
    await openApp(page);
    const button = page.getByRole('button', { name: 'Share config' });
    await button.click();
    await page.getByRole('button', { name: 'Copy config JSON' }).focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Share' })).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('a config opened with Open file… is previewed as a config, applied on Apply, and the transcript stays', async ({ page }) => {
    await openApp(page);
    await expect(page.getByTestId('total-tokens')).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
    const total = await page.getByTestId('total-tokens').innerText();
    const exported = { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { profile: 'rolling-summary', schemaVersion: 1 } };
    await page.getByLabel('Transcript file').setInputFiles({ name: 'experiment.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    const dialog = page.getByRole('dialog', { name: 'Config file' });
    await expect(dialog).toContainText('experiment.json is a compaction config, not a transcript.');
    await expect(page.getByRole('alert').filter({ hasText: 'Unknown format' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Apply config' }).click();
    await expect(page.getByRole('region', { name: 'Compaction run' }).getByLabel('Profile')).toHaveValue('rolling-summary');
    expect(await configJson(page)).toMatchObject({ profile: 'rolling-summary' });
    await expect(page.getByTestId('total-tokens')).toHaveText(total);
  });
});
