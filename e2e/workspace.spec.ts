import { expect, test } from '@playwright/test';
import { openEmptyApp, uploadFixture } from './helpers';

const fileName = 'claude-code__tool_heavy.jsonl';

test.describe('the workspace', () => {
  test('keeps an opened transcript and its run across a reload, reopens it instead of the sample, and renames and deletes it', async ({ page }) => {
    await openEmptyApp(page);
    await uploadFixture(page, fileName);
    const summary = page.getByRole('region', { name: 'Transcript summary' });
    await expect(summary.locator('.source-name')).toHaveText(fileName);
    const panel = page.getByRole('region', { name: 'Compaction run' });
    await panel.getByRole('button', { name: 'Run compaction' }).click();
    const lastRun = panel.getByRole('status').filter({ hasText: /^Last run:/ });
    await expect(lastRun).toBeVisible({ timeout: 30_000 });
    // A second run under another policy, so the two recorded runs leave different states.
    await panel.getByLabel('Profile').selectOption('two-tier');
    await panel.getByRole('spinbutton', { name: 'Tier 1 threshold' }).fill('500');
    await panel.getByRole('button', { name: 'Run compaction' }).click();

    const workspaceButton = page.getByRole('button', { name: 'Workspace', exact: true });
    await workspaceButton.click();
    let dialog = page.getByRole('dialog', { name: 'Workspace' });
    const runs = dialog.getByRole('region', { name: 'Runs' });
    await expect(runs.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    const picks = runs.getByRole('checkbox', { name: 'Pick to compare' });
    await picks.nth(0).check();
    await picks.nth(1).check();
    await runs.getByRole('button', { name: 'Compare the two picked runs' }).click();
    const comparison = dialog.getByRole('region', { name: 'Comparison of two recorded runs' });
    await expect(comparison.getByRole('heading', { level: 3 })).toHaveText(/ against .* · two-tier$/);
    // The metric table opens from its one-line summary: context tokens of the older run → the newer one's.
    const metricsSummary = comparison.getByText(/ · auto-compactor [\d,]+ context tokens → [\d,]+ .* · two-tier \([−+]?[\d.]+%\)/);
    await metricsSummary.click({ timeout: 30_000 });
    await expect(comparison.getByRole('table', { name: 'Metrics of both sides' }).getByRole('rowheader', { name: 'Context tokens' })).toBeVisible();
    await expect(comparison.getByRole('list', { name: 'Diff' }).getByRole('listitem').first()).toBeVisible();
    await comparison.getByRole('button', { name: 'Back to the workspace' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // No ?sample= in the address: the page opens what the workspace last had open, not the bundled sample.
    await page.goto('/');
    await expect(summary.locator('.source-name')).toHaveText(fileName, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: `Reopened “${fileName}” from your workspace` })).toContainText(/Its last run’s config is applied; that run: (Finished|Failed|Cancelled) after \d+ pass/);

    await workspaceButton.click();
    dialog = page.getByRole('dialog', { name: 'Workspace' });
    const transcripts = dialog.getByRole('region', { name: 'Transcripts' });
    await expect(transcripts.getByRole('listitem')).toHaveCount(1);
    await expect(transcripts.getByRole('listitem')).toContainText(/Claude Code.* · [\d.]+ KB · opened .* · on screen/);
    await expect(dialog.getByTestId('workspace-storage')).toContainText(/used \(the browser’s estimate for this page\); transcripts take [\d.]+ KB|transcripts take [\d.]+ KB/);

    await transcripts.getByRole('button', { name: `Rename ${fileName}` }).click();
    await transcripts.getByLabel(`New name for ${fileName}`).fill('tool-heavy session');
    await transcripts.getByRole('button', { name: 'Save name' }).click();
    await expect(transcripts.getByRole('listitem')).toContainText('tool-heavy session');

    await transcripts.getByRole('button', { name: 'Delete tool-heavy session' }).click();
    await expect(transcripts).toContainText('Delete “tool-heavy session” and its 2 recorded runs? This cannot be undone.');
    await transcripts.getByRole('button', { name: 'Delete for good' }).click();
    await expect(transcripts).toContainText('Transcripts you open are kept here');
    await expect(dialog.getByRole('region', { name: 'Runs' })).toContainText('Every compaction and session replay you run');
  });
});
