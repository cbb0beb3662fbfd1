import { expect, test } from '@playwright/test';

test('the Vs agent tab sets the profile beside the agent’s own summary on the Claude Code sample, and a lost fact jumps to where the agent used it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  await page.getByRole('tab', { name: 'Vs agent' }).click();
  const view = page.getByRole('region', { name: "Against the agent's own compaction" });
  await expect(view.getByText(/^Compaction 1: before message 289 \(compact_boundary, auto\)$/)).toBeVisible();
  // Sized like the agent's summary by default; the checkbox is keyboard reachable (Space toggles it).
  const sizing = view.getByRole('checkbox', { name: "Size like the agent's summary" });
  await expect(sizing).toBeChecked();
  await sizing.focus();
  await page.keyboard.press('Space');
  await expect(sizing).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(sizing).toBeChecked();
  // Keyboard reachable: the Compare button takes focus and Enter runs it.
  const compare = view.getByRole('button', { name: /^Compare with / });
  await compare.focus();
  await page.keyboard.press('Enter');
  const agent = view.getByRole('region', { name: "The agent's context after its compaction" });
  const profile = view.getByRole('region', { name: /'s output$/ });
  await expect(agent).toBeVisible({ timeout: 45_000 });
  await expect(profile).toBeVisible();
  await expect(view.getByRole('note')).toContainText(/^Compared at compaction 1, before message 289\. Sized like the agent's summary \([\d,]+ tokens\) in \d tr(y|ies): .*offlineSummary\.summaryMaxTokens: \d+ set over the config; the profile's context reached \d+\.\d\d× the agent's summary\. .*Tokens: exact o200k_base tokens/);
  // Both sides: the context as text, exact tokens, need-weighted retention of the same needed facts, next actions, lost facts.
  await expect(agent.locator('pre').first()).toContainText('This session is being continued');
  await expect(profile.locator('pre').first()).toBeVisible();
  // The profile's size as a multiple of the agent's summary; the agent's own side says what part of it is the summary.
  await expect(profile.getByText(/^[\d,]+ · \d+\.\d\d× the agent's summary exact o200k_base/)).toBeVisible();
  await expect(agent.getByText(/^[\d,]+ exact o200k_base, (all of it the summary|of which the summary [\d,]+)$/)).toBeVisible();
  for (const side of [agent, profile]) {
    await expect(side.getByText(/^\d+(\.\d+)?% \(\d+ of \d+ needed facts\)(?! in)/)).toBeVisible();
    // The summary alone, scored on the same needed facts beside its own tokens.
    await expect(side.getByText(/^\d+(\.\d+)?% \(\d+ of \d+ needed facts\) in [\d,]+ tokens$/)).toBeVisible();
    await expect(side.getByText(/^\d of 5$/)).toBeVisible();
    await expect(side.getByRole('heading', { name: /^Needed facts lost \(\d+\)$/ })).toBeVisible();
  }
  // The view says which side holds messages added beside its summary: an automatic compaction adds none beside the agent's.
  await expect(view.getByText(/^(Neither context holds messages added beside its summary|Only the profile's context holds added messages: \d+ messages? the profile's run inserted)/)).toBeVisible();
  await expect(view.getByRole('table', { name: 'Needed facts kept by category' })).toContainText(/path\s*\d+ of \d+\s*\d+ of \d+/);
  const lost = agent.getByRole('list', { name: "Needed facts lost by The agent's context after its compaction" });
  const jump = lost.getByRole('button', { name: /^Show message \d+, where the agent used/ }).first();
  await expect(jump).toBeVisible();
  const messageNumber = Number(/^Show message (\d+)/.exec((await jump.getAttribute('aria-label')) ?? '')?.[1]);
  expect(messageNumber).toBeGreaterThan(289);
  await page.screenshot({ path: 'test-results/screenshots/versus.png', fullPage: true });
  await jump.click();
  await expect(page.getByRole('tab', { name: 'Original transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('article[aria-current="true"]')).toContainText(`#${messageNumber}`);
  expect(errors).toEqual([]);
});

test('a transcript without a compaction by the agent says so in the Vs agent tab', async ({ page }) => {
  await page.goto('/?sample=claude-code-tool-heavy');
  await expect(page.getByTestId('detected-format')).toHaveText(/Claude Code/);
  await page.getByRole('tab', { name: 'Vs agent' }).click();
  const view = page.getByRole('region', { name: "Against the agent's own compaction" });
  await expect(view.getByRole('status')).toHaveText(/^This transcript holds no compaction by the agent \(.*\), so there is nothing to compare against\./);
  await expect(view.getByRole('button', { name: /^Compare/ })).toHaveCount(0);
});
