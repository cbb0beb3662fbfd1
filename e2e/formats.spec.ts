import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { exactTotal, fixturesDirectory, openEmptyApp, statValue, uploadContent, uploadFixture } from './helpers';

/** Real fixtures: the label the app must show and tool-call counts verified by hand against the raw files. */
const realFixtures = [
  { file: 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', format: 'Claude Code session', toolCalls: 197, messages: 358 },
  { file: 'claude-code__fa812bfe__subagents__agent-aa84377.jsonl', format: 'Claude Code session', toolCalls: 21, messages: 31 },
  { file: 'claude-code__tool_heavy.jsonl', format: 'Claude Code session', toolCalls: 6, messages: 19 },
  { file: 'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl', format: 'Codex CLI session', toolCalls: 118, messages: 154 },
  { file: 'swe-agent-fc__marshmallow-code__marshmallow-1867.traj', format: 'SWE-agent trajectory', toolCalls: 13, messages: 28 },
  { file: 'openhands__multi_swe_bench_examples_output.jsonl', format: 'OpenHands', toolCalls: 23, messages: 48 },
  { file: 'inspect-ai__2025-05-12T20-27-36-04-00_browser.json', format: 'Inspect AI eval log', toolCalls: 4, messages: 10 },
  { file: 'gemini-cli__session-01.json', format: 'Gemini CLI chat recording', toolCalls: 0, messages: 2 },
];

for (const fixture of realFixtures) {
  test(`imports ${fixture.file}`, async ({ page }) => {
    await openEmptyApp(page);
    await uploadFixture(page, fixture.file);
    await expect(page.getByTestId('detected-format')).toContainText(fixture.format);
    expect(await statValue(page, 'Messages')).toBe(fixture.messages);
    expect(await statValue(page, 'Tool calls')).toBe(fixture.toolCalls);
    expect(await exactTotal(page)).toBeGreaterThan(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
}

test('a file with several runs lets the user pick the run', async ({ page }) => {
  await openEmptyApp(page);
  await uploadFixture(page, 'openhands__multi_swe_bench_examples_output.jsonl');
  const picker = page.getByLabel('Run', { exact: true });
  await expect(picker.locator('option')).toHaveCount(3);
  // Run 1 ends on an unanswered `finish` call: the summary offers a jump to it.
  expect(await statValue(page, 'Unanswered calls')).toBe(1);
  await page.getByRole('button', { name: /^first unanswered call/ }).click();
  await expect(page.locator('article[aria-current="true"]').getByText('no result')).toBeVisible();
  await picker.selectOption({ index: 2 });
  expect(await statValue(page, 'Tool calls')).toBe(49);
  expect(await exactTotal(page)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screenshots/openhands-run-3.png' });
});

/** Hand-written fixtures for formats with no public real file: each must be recognised as its format. */
const handWrittenLabels: [string, string][] = [
  ['openai-chat', 'OpenAI Chat Completions'],
  ['openai-responses', 'OpenAI Responses'],
  ['anthropic', 'Anthropic Messages'],
  ['gemini-contents', 'Google Gemini contents'],
  ['langchain', 'LangChain'],
  ['mini-swe-agent', 'mini-swe-agent'],
  ['swe-agent', 'SWE-agent'],
  ['openhands', 'OpenHands'],
  ['inspect', 'Inspect AI'],
  ['codex', 'Codex CLI'],
  ['claude-code', 'Claude Code'],
  ['plain-text', 'Plain-text'],
];

const handWritten = readdirSync(path.join(fixturesDirectory, 'hand-written')).filter((name) => !name.endsWith('.md'));
for (const name of handWritten) {
  const label = handWrittenLabels.find(([prefix]) => name.startsWith(prefix))?.[1];
  test(`imports hand-written ${name}`, async ({ page }) => {
    expect(label, 'every hand-written fixture has an expected format').toBeDefined();
    await openEmptyApp(page);
    await uploadFixture(page, path.join('hand-written', name));
    await expect(page.getByTestId('detected-format')).toContainText(label ?? '');
    expect(await statValue(page, 'Messages')).toBeGreaterThan(0);
  });
}

test('drag and drop imports a file', async ({ page }) => {
  await openEmptyApp(page);
  const content = JSON.stringify([{ role: 'user', content: 'dropped in' }, { role: 'assistant', content: 'received' }]);
  await page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, content);
  await expect(page.getByTestId('detected-format')).toContainText('OpenAI Chat Completions');
  await expect(page.getByText('dropped in')).toBeVisible();
});

test('paste imports plain text as a low-confidence conversation', async ({ page }) => {
  await openEmptyApp(page);
  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByRole('textbox', { name: /Paste a transcript/ }).fill('User: please list the files\nAssistant: here they are: a.ts, b.ts\nUser: thanks');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('detected-format')).toContainText('Plain-text');
  await expect(page.getByText('low confidence')).toBeVisible();
  expect(await statValue(page, 'User')).toBe(2);
  expect(await statValue(page, 'Assistant')).toBe(1);
});

test('an Inspect .eval archive imports like its JSON log', async ({ page }) => {
  const { samples, ...header } = JSON.parse(readFileSync(path.join(fixturesDirectory, 'inspect-ai__2025-05-12T20-27-36-04-00_browser.json'), 'utf8'));
  const files: Record<string, Uint8Array> = { 'header.json': strToU8(JSON.stringify(header)) };
  for (const sample of samples) files[`samples/${sample.id}_epoch_${sample.epoch}.json`] = strToU8(JSON.stringify(sample));
  await openEmptyApp(page);
  await uploadContent(page, 'browser.eval', Buffer.from(zipSync(files)));
  await expect(page.getByTestId('detected-format')).toContainText('Inspect AI eval log');
  expect(await statValue(page, 'Tool calls')).toBe(4);
});
