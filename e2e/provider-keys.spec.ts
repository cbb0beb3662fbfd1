import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseLiveRungs, closeDialog, expect, generateCalls, liveSample, runCompaction, saveKey, setConfig, test } from './live-fixtures';
import { startMockLlm } from './mock-llm/mock-llm-server';

const anthropicKey = 'sk-ant-e2e-SECRET-anth-7781';
const openaiKey = 'sk-e2e-SECRET-unused-openai-5512';
const googleKey = 'AIza-e2e-SECRET-google-9034';

/** Everything the page keeps in storage, as one string to search. */
async function storedText(page: Page): Promise<{ local: string; session: string }> {
  return page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
}

/** Downloads both exports and returns their text. */
async function exportedText(page: Page): Promise<string> {
  const texts: string[] = [];
  for (const name of ['Export OpenAI Chat JSON', 'Export Anthropic JSON']) {
    await page.getByRole('button', { name: /^Export (original|pass \d+) ▾$/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    texts.push(await readFile(await download.path(), 'utf8'));
  }
  return texts.join('\n');
}

test.describe('provider keys', () => {
  test('a key goes only to its provider\'s host and is kept nowhere on the page unless the user opts in', async ({ page, mock }) => {
    const other = await startMockLlm({ port: 0 });
    const sent: { url: string; headers: string }[] = [];
    page.context().on('request', (request) => {
      void request.allHeaders().then((headers) => sent.push({ url: request.url(), headers: JSON.stringify(headers) }));
    });
    try {
      await page.goto(liveSample);
      await chooseLiveRungs(page, {
        smol: { provider: 'anthropic', model: 'mock-429', baseURL: `${mock.url}/v1` },
        main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${other.url}/v1` },
      });
      await saveKey(page, 'Anthropic', anthropicKey);
      await saveKey(page, 'OpenAI', openaiKey);
      await closeDialog(page);
      await setConfig(page, { force: true });
      expect((await runCompaction(page)).some((line) => line.startsWith('Run finished:'))).toBe(true);

      expect(generateCalls(mock).map((call) => call.authorization)).toEqual([anthropicKey]);
      expect(other.requests.length).toBeGreaterThan(0);
      expect(other.requests.every((request) => !request.hasAuthorization)).toBe(true);
      const carrying = sent.filter((request) => request.headers.includes(anthropicKey) || request.url.includes(anthropicKey));
      expect(carrying.length).toBeGreaterThan(0);
      expect(carrying.every((request) => new URL(request.url).host === new URL(mock.url).host)).toBe(true);
      expect(sent.some((request) => request.headers.includes(openaiKey) || request.url.includes(openaiKey))).toBe(false);

      const stored = await storedText(page);
      for (const key of [anthropicKey, openaiKey]) {
        expect(stored.local).not.toContain(key);
        expect(stored.session).not.toContain(key);
        expect(page.url()).not.toContain(key);
        expect(await page.content()).not.toContain(key);
      }
      const exported = await exportedText(page);
      expect(exported.length).toBeGreaterThan(1000);
      expect(exported).not.toContain(anthropicKey);
      expect(exported).not.toContain(openaiKey);
    } finally {
      await other.close();
    }
  });

  test('"remember" keeps a key only where chosen, survives a reload, and "Forget all keys" clears every place', async ({ page }) => {
    await page.goto('/?sample=none');
    await page.getByRole('button', { name: /^Summarizer:/ }).click();
    await saveKey(page, 'Google Gemini', googleKey, 'device');
    await saveKey(page, 'Anthropic', anthropicKey, 'tab');
    await saveKey(page, 'OpenAI', openaiKey);
    let stored = await storedText(page);
    expect(stored.local).toContain(googleKey);
    expect(stored.local).not.toContain(anthropicKey);
    expect(stored.session).toContain(anthropicKey);
    expect(stored.local + stored.session).not.toContain(openaiKey);

    await page.reload();
    await page.getByRole('button', { name: /^Summarizer:/ }).click();
    await expect(page.getByLabel('Google Gemini key', { exact: true })).toHaveText('••••9034');
    await expect(page.getByLabel('Anthropic key', { exact: true })).toHaveText('••••7781');
    await expect(page.getByLabel('OpenAI API key')).toBeVisible();

    await page.getByRole('button', { name: 'Forget all keys' }).click();
    await expect(page.getByLabel('Google Gemini API key')).toBeVisible();
    await expect(page.getByLabel('Anthropic API key')).toBeVisible();
    stored = await storedText(page);
    expect(stored.local + stored.session).not.toContain(googleKey);
    expect(stored.local + stored.session).not.toContain(anthropicKey);
  });

  test('the device option warns before the key is saved', async ({ page }) => {
    await page.goto('/?sample=none');
    await page.getByRole('button', { name: /^Summarizer:/ }).click();
    await page.getByLabel('Keep the OpenRouter key').selectOption('device');
    await expect(page.getByText(/anyone who can use this\s+browser profile/)).toBeVisible();
  });
});
