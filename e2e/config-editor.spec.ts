import { chooseLiveRungs, closeDialog, expect, generateCalls, liveSample, test } from './live-fixtures';

test.describe('the config editor', () => {
  test('a preset and a form field write the config the run panel runs, and raw JSON names a bad field', async ({ page }) => {
    await page.goto(liveSample);
    await page.getByRole('tab', { name: 'Config' }).click();
    const editor = page.getByRole('region', { name: 'Config editor' });
    await editor.getByLabel('Preset').selectOption({ label: 'Dart CLI host default (ratio 0.7, reserve 50,000, keep 80,000)' });
    await editor.getByRole('button', { name: 'Raw JSON' }).click();
    const raw = JSON.parse(await editor.getByLabel('Config JSON').inputValue()) as Record<string, unknown>;
    expect(raw).toMatchObject({ profile: 'auto-compactor', triggerRatio: 0.7, reserveTokens: 50_000, keepRecentTokens: 80_000 });
    await editor.getByLabel('Config JSON').fill(JSON.stringify({ ...raw, windw: 1 }));
    await expect(editor.getByRole('list', { name: 'Config problems' })).toContainText('windw');
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByRole('button', { name: 'Run compaction' }).click();
    await expect(panel.getByLabel('Run log')).toContainText(/Run failed: Invalid config: .*windw/);
  });

  test('a mistyped prompt variable is flagged, and the run is refused before any provider call', async ({ page, mock }) => {
    await page.goto(liveSample);
    await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: `${mock.url}/v1` } });
    await closeDialog(page);
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByLabel('Profile').selectOption('two-tier');
    await page.getByRole('tab', { name: 'Config' }).click();
    const editor = page.getByRole('region', { name: 'Config editor' });
    await editor.getByRole('button', { name: /Prompt overrides/ }).click();
    await editor.getByRole('button', { name: 'Edit Summarize template' }).click();
    await editor.getByLabel('Summarize template override').fill('Summarize {{formated_messages}} ({{archived_count}} messages).');
    await expect(editor.getByRole('region', { name: 'Summarize template' })).toContainText('formated_messages');
    await panel.getByRole('spinbutton', { name: 'Tier 1 threshold' }).fill('500');
    await panel.getByRole('button', { name: 'Run compaction' }).click();
    await expect(panel.getByRole('alert')).toContainText('formated_messages');
    expect(generateCalls(mock)).toHaveLength(0);
  });

  test('the profile picker says where the profile differs from upstream, and each prompt says whose words it is', async ({ page }) => {
    await page.goto(liveSample);
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByLabel('Profile').selectOption('rolling-summary');
    const differences = panel.locator('details.upstream-differences');
    await differences.getByText(/^Where this differs from upstream \(\d+\)$/).click();
    await expect(differences).toContainText('NHTIO/ADK @ 7329b931');
    await expect(differences.getByRole('listitem').first()).toContainText('Upstream');
    await panel.getByLabel('Profile').selectOption('unified');
    await expect(differences).toContainText(/Where this differs from the upstream code it composes \(\d+\)/);
    await panel.getByLabel('Profile').selectOption('rolling-summary');
    await page.getByRole('tab', { name: 'Config' }).click();
    const editor = page.getByRole('region', { name: 'Config editor' });
    await editor.getByRole('button', { name: /Prompt overrides/ }).click();
    await expect(editor.getByRole('region', { name: 'Summarizer system prompt' })).toContainText('A paraphrase of NHTIO/ADK src/batteries/context/compact/summarizer.ts');
    await panel.getByLabel('Profile').selectOption('two-tier');
    const template = editor.getByRole('region', { name: 'Summarize template' });
    await expect(template).toContainText('writing {formatted} as {{formatted_messages}}');
    await editor.getByRole('button', { name: 'Edit Summarize template' }).click();
    await editor.getByLabel('Summarize template override').fill('Summarize.\n\nArchived message count: {archived_count}\n\nConversation:\n{formatted}');
    await expect(template.getByRole('alert')).toContainText('{formatted} → {{formatted_messages}}');
    await panel.getByRole('button', { name: 'Run compaction' }).click();
    await expect(panel.getByRole('alert')).toContainText('{formatted} → {{formatted_messages}}');
  });
});
