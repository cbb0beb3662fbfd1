// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextBasis, contextFigure, type RunResult } from '../../engine';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { formatInteger, formatPercent } from '../../ui/format';
import { useCompareStore } from './compare-store';
import { DiffView } from './diff-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const fixture = 'claude-code__tool_heavy.jsonl';
const pinnedLine = 'Never push to main without review.';
/**
 * Eight passes: a 1,400-token kept tail under a 1,500-token trigger, forced. Every pass summarizes the same fifteen old
 * messages anew (its summary replaces the one before) and carries the pinned line in a new pinned-lines message.
 */
const multiPass = { schemaVersion: 1, profile: 'auto-compactor', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true, operativeSkills: [{ name: 'deploy', operative: [pinnedLine] }] };

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(() => {
  resetPage();
  useCompareStore.setState(useCompareStore.getInitialState(), true);
});
afterEach(cleanup);

function rowNames(): string[] {
  return within(screen.getByRole('list', { name: 'Diff' }))
    .queryAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label') ?? '');
}

const counts = () => screen.getByLabelText('Counts per fate').textContent;
const leftSide = () => screen.getByRole('combobox', { name: 'Left side' }) as HTMLSelectElement;

/** The metric table's row named `label`: its left, right and Δ cells. */
function metric(label: string): string[] {
  const table = screen.getByRole('table', { name: 'Metrics of both sides' });
  const row = within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
  return within(row).getAllByRole('cell').map((cell) => cell.textContent ?? '');
}

/** Context tokens of pass `pass` (0 = the original) on the page's basis, from the run's own exact counts. */
function contextOf(result: RunResult, pass: number): number {
  const { encoding, tokenSummary } = useLabStore.getState();
  const content = pass === 0 ? result.exact?.before : result.passes[pass - 1].exact?.after;
  return contextFigure(contextBasis(encoding, tokenSummary?.usage, false), content ?? Number.NaN).tokens;
}

async function showMultiPassRun(pass: number): Promise<RunResult> {
  await loadFixture(fixture);
  const result = await runOnPage(multiPass);
  // The premise: a run of several passes, each inserting its own summary and pinned-lines message.
  expect(result.passes.length).toBeGreaterThanOrEqual(4);
  act(() => useRunStore.getState().passChosen(pass));
  renderWithState(<DiffView />);
  return result;
}

describe('comparing two passes in the Diff', () => {
  it('compares the original with the chosen pass by default', async () => {
    await showMultiPassRun(3);
    expect(leftSide().value).toBe('0');
    expect(within(leftSide()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Original', 'After pass 1', 'After pass 2']);
    expect(screen.getByRole('button', { name: 'Previous pass' }).getAttribute('aria-pressed')).toBe('false');
    expect(counts()).toBe('4 kept · 15 summarized · 1 summary · 1 pinned-lines message');
    expect(screen.getByTestId('diff-tokens').textContent).toMatch(/^Original [\d,]+ context tokens → [\d,]+ after pass 3 \(−/);
  });

  it('shows pass N−1 against pass N with the fates of pass N alone, and keeps one pass behind as passes are stepped', async () => {
    await showMultiPassRun(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous pass' }));
    expect(leftSide().value).toBe('2');
    // Pass 3 kept the tail pass 2 left, folded pass 2's summary into its own, and replaced its pinned-lines message.
    expect(counts()).toBe('4 kept · 1 summarized · 1 dropped · 1 summary · 1 pinned-lines message');
    const names = rowNames();
    expect(names).toHaveLength(8);
    expect(names[0]).toBe('Inserted message: inserted summary');
    expect(names[1]).toBe('Message 1: summarized → auto-compactor-p3-summary');
    // The old pinned-lines message leaves; the new one takes its place.
    expect(names[2]).toBe('Message 2: dropped: not carried into the later state (a pinned-lines message of the earlier one)');
    expect(names[3]).toBe('Inserted message: inserted pinned-lines message');
    expect(names.slice(4)).toEqual(['Message 3: kept', 'Message 4: kept', 'Message 5: kept', 'Message 6: kept']);
    // The pinned line is still found on the right, in the new summary and carrier.
    expect(screen.getByText(/^Pinned lines: 1 of 1 present$/)).toBeTruthy();
    // The summary row lists what it replaced: the previous pass's summary, left message 1.
    fireEvent.click(screen.getByRole('button', { name: 'Replaced 1 message' }));
    expect(screen.getByRole('button', { name: 'Go to message 1' })).toBeTruthy();

    act(() => useRunStore.getState().passChosen(4));
    expect(leftSide().value).toBe('3');
    expect(screen.getByRole('button', { name: 'Previous pass' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'o' });
    expect(leftSide().value).toBe('0');
    expect(counts()).toBe('4 kept · 15 summarized · 1 summary · 1 pinned-lines message');
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(leftSide().value).toBe('3');
    fireEvent.change(leftSide(), { target: { value: '1' } });
    expect(screen.getByRole('button', { name: 'Previous pass' }).getAttribute('aria-pressed')).toBe('false');
    expect(counts()).toBe('4 kept · 1 summarized · 1 dropped · 1 summary · 1 pinned-lines message');
  });

  it('states both sides in the metric table on one basis, with Δ = right − left', async () => {
    const result = await showMultiPassRun(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous pass' }));
    fireEvent.click(screen.getByTestId('diff-tokens'));
    const table = screen.getByRole('table', { name: 'Metrics of both sides' });
    expect(within(table).getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Metric', 'After pass 2', 'After pass 3', 'Δ']);
    expect(table.querySelector('caption')?.textContent).toMatch(/^Context tokens: o200k_base exact \+ [\d,]+ for the system prompt and tools not in the file, the same basis on both sides\./);
    expect(metric('Messages')).toEqual(['6', '6', '±0']);
    const [before, after] = [contextOf(result, 2), contextOf(result, 3)];
    const delta = after - before;
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
    await waitFor(() => expect(metric('Context tokens')).toEqual([formatInteger(before), formatInteger(after), `${sign}${formatInteger(Math.abs(delta))} (${sign}${formatPercent(Math.abs(delta) / before)})`]));
    expect(metric('Pinned lines present')).toEqual(['1 of 1', '1 of 1', '±0']);
    // Counted by kind in the worker: the kinds add up to the context minus the overhead on both sides.
    await waitFor(() => expect(metric('Summary')[0]).not.toBe('—'));
    const kinds = ['System prompt', 'User', 'Assistant (text, tool calls, thinking)', 'Tool outputs', 'Summary', 'Pinned-operative block', 'Trim markers and context notes'];
    const overhead = Number(metric('System prompt and tools not in the file (estimated)')[0].replaceAll(',', ''));
    for (const [column, total] of [[0, before], [1, after]]) expect(kinds.reduce((sum, kind) => sum + Number(metric(kind)[column].replaceAll(',', '')), overhead)).toBe(total);
    // Retention, once measured: each pass's share of the facts compacted so far, Δ in points.
    await waitFor(() => expect(metric('Facts kept (of those compacted so far)')[2]).toMatch(/^[+−±][\d.]+ pts$/));
  });
});
