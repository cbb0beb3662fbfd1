// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRunStore } from '../../state/run-store';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { DiffView } from './diff-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const fixture = 'claude-code__tool_heavy.jsonl';
/** Two-tier on this session: one pass that summarizes the old turns, trims one, keeps five and shortens three tool outputs. */
const twoTier = { profile: 'two-tier', tokenThreshold: 500, toolOutputMaxChars: 400 };
const pinnedLine = 'Never push to main without review.';
const pinned = { profile: 'auto-compactor', force: true, keepRecentTokens: 300, operativeSkills: [{ name: 'deploy', operative: [pinnedLine] }] };

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(resetPage);
afterEach(cleanup);

/** The names of the rows the diff draws, in order ("Message 3: summarized → …"). */
function rowNames(): string[] {
  return within(screen.getByRole('list', { name: 'Diff' }))
    .queryAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label') ?? '');
}

/** The name of the row the diff marks as the current one (`aria-current` inside it), if any. */
function currentRow(): string | undefined {
  const current = screen.getByRole('list', { name: 'Diff' }).querySelectorAll('[aria-current="true"]');
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0]?.closest('[role="listitem"]')?.getAttribute('aria-label') ?? undefined;
}

function chooseFate(label: string): void {
  const select = screen.getByRole('combobox', { name: 'Filter by fate' });
  const option = within(select).getByRole('option', { name: label });
  fireEvent.change(select, { target: { value: option.getAttribute('value') } });
}

function chooseRole(role: string): void {
  fireEvent.change(screen.getByRole('combobox', { name: 'Filter by role' }), { target: { value: role } });
}

function pressKey(key: string, target: Element = document.body): void {
  fireEvent.keyDown(target, { key });
}

const microcompacted = ['Message 15: microcompacted 3,061 → 237 chars', 'Message 17: microcompacted 2,984 → 226 chars', 'Message 18: microcompacted 1,146 → 429 chars'];

describe('the Diff view with a real run shown', () => {
  it('filters rows by fate and by role, and says so when nothing is left', async () => {
    const { transcript } = await loadFixture(fixture);
    await runOnPage(twoTier);
    renderWithState(<DiffView />);

    expect(screen.getByLabelText('Counts per fate')).toHaveProperty('textContent', '5 kept · 3 microcompacted · 10 summarized · 1 trimmed · 1 summary');
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()[0]).toBe('Inserted message: inserted summary');
    expect(rowNames()).toContain('Message 2: trimmed');

    chooseFate('Changed only');
    expect(rowNames()).toHaveLength(15);
    expect(rowNames().filter((name) => name.endsWith(': kept'))).toEqual([]);
    expect(rowNames()).toContain('Inserted message: inserted summary');

    chooseFate('Microcompacted');
    expect(rowNames()).toEqual(microcompacted);

    chooseFate('All fates');
    chooseRole('tool');
    const toolMessages = transcript.messages.flatMap((message, index) => (message.role === 'tool' ? [`Message ${index + 1}:`] : []));
    expect(toolMessages.length).toBeGreaterThan(3);
    expect(rowNames().map((name) => name.slice(0, name.indexOf(':') + 1))).toEqual(toolMessages);

    chooseFate('Dropped');
    expect(rowNames()).toEqual([]);
    expect(screen.getByText('No rows match these filters.')).toBeTruthy();

    chooseFate('All fates');
    chooseRole('all');
    expect(rowNames()).toHaveLength(20);
    expect(screen.queryByText('No rows match these filters.')).toBeNull();
  });

  it('steps between changes with n / p and the buttons, within the filters, never while typing', async () => {
    await loadFixture(fixture);
    await runOnPage(twoTier);
    renderWithState(<DiffView />);
    expect(currentRow()).toBeUndefined();

    pressKey('n');
    expect(currentRow()).toBe('Inserted message: inserted summary');
    pressKey('n');
    expect(currentRow()).toBe('Message 1: summarized → two-tier-summary-1');
    pressKey('n');
    expect(currentRow()).toBe('Message 2: trimmed');
    pressKey('p');
    expect(currentRow()).toBe('Message 1: summarized → two-tier-summary-1');

    // Typing in the search box types: n and p are letters there.
    const search = screen.getByRole('searchbox', { name: 'Search the diff' });
    pressKey('n', search);
    expect(currentRow()).toBe('Message 1: summarized → two-tier-summary-1');

    // Kept rows are not changes: from message 11 the next change is the first shortened tool output, and it wraps.
    chooseFate('Microcompacted');
    fireEvent.click(screen.getByRole('button', { name: 'Next change' }));
    expect(currentRow()).toBe(microcompacted[0]);
    pressKey('n');
    pressKey('n');
    expect(currentRow()).toBe(microcompacted[2]);
    pressKey('n');
    expect(currentRow()).toBe(microcompacted[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous change' }));
    expect(currentRow()).toBe(microcompacted[2]);
  });

  it('shows the pass chosen on the run store: the original at pass 0, the pass’s fates at pass 1', async () => {
    await loadFixture(fixture);
    await runOnPage(twoTier);
    renderWithState(<DiffView />);
    expect(screen.getByText('After pass 1: observation-mask')).toBeTruthy();

    act(() => useRunStore.getState().passChosen(0));
    expect(screen.getByRole('note')).toHaveProperty('textContent', 'Pass 0 is the original: every message is kept. Choose a pass to compare.');
    expect(screen.getByText('Original (no pass chosen)')).toBeTruthy();
    expect(screen.getByLabelText('Counts per fate')).toHaveProperty('textContent', '19 kept');
    expect(rowNames()).toHaveLength(19);
    expect(rowNames().every((name) => name.endsWith(': kept'))).toBe(true);
    // Nothing changed, so there is nothing to step to.
    expect(screen.getByRole('button', { name: 'Next change' })).toHaveProperty('disabled', true);

    act(() => useRunStore.getState().passChosen(1));
    expect(screen.queryByRole('note')).toBeNull();
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()).toContain(microcompacted[1]);
  });

  it('lists the pinned lines of a config that pins some, jumps to where one is, and has no panel without pins or at pass 0', async () => {
    await loadFixture(fixture);
    await runOnPage(twoTier);
    renderWithState(<DiffView />);
    expect(screen.queryByRole('list', { name: 'Pinned lines' })).toBeNull();

    await runOnPage(pinned);
    expect(screen.getByLabelText('Counts per fate')).toHaveProperty('textContent', '1 kept · 18 summarized · 1 summary · 1 pinned-lines message');
    const panel = screen.getByRole('list', { name: 'Pinned lines' });
    expect(screen.getByText(/^Pinned lines: 1 of 1 present$/)).toBeTruthy();
    const [line] = within(panel).getAllByRole('listitem');
    expect(line.textContent).toMatch(/^present Never push to main without review\. in summary, pinned-lines message$/);

    fireEvent.click(within(panel).getByRole('button', { name: `Go to pinned line: ${pinnedLine}` }));
    expect(currentRow()).toBe('Inserted message: inserted summary');

    act(() => useRunStore.getState().passChosen(0));
    expect(screen.queryByRole('list', { name: 'Pinned lines' })).toBeNull();
  });
});

describe('the Diff view before any run', () => {
  it('says to run a compaction instead of listing every message as kept', async () => {
    await loadFixture(fixture);
    renderWithState(<DiffView />);
    expect(screen.getByRole('note')).toHaveProperty('textContent', 'Run a compaction to see what it changes.');
    expect(screen.queryByRole('list', { name: 'Diff' })).toBeNull();
    expect(screen.queryByLabelText('Counts per fate')).toBeNull();

    await runOnPage(twoTier);
    expect(await screen.findByLabelText('Counts per fate')).toBeTruthy();
    expect(screen.queryByText('Run a compaction to see what it changes.')).toBeNull();
  });
});
