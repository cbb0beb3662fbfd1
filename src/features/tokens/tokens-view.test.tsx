// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextBasis, contextFigure, type RunResult } from '../../engine';
import { useLabStore } from '../../state/store';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { formatInteger } from '../../ui/format';
import { labClient } from '../../worker-client/lab-client';
import { TokensView } from './tokens-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const fixture = 'claude-code__tool_heavy.jsonl';
/** One pass: two-tier masks and summarizes this session down to 679 exact tokens. */
const onePass = { profile: 'two-tier', tokenThreshold: 500, toolOutputMaxChars: 400 };
/** Three passes: a window too small for any summary to fit, forced, and stopped after three passes. */
const threePasses = { profile: 'auto-compactor', window: 3000, maxPasses: 3 };

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(resetPage);
afterEach(cleanup);

const breakdownTable = () => screen.getByRole('table', { name: 'Tokens by kind per pass' });

/** The table's column heads after "Kind": "Original", "Pass 1", … */
function columnHeads(): string[] {
  return within(breakdownTable())
    .getAllByRole('columnheader')
    .slice(1)
    .map((head) => head.textContent ?? '');
}

/** The "Context tokens" row, one figure per state ("—" while not counted). */
function contextTokens(): string[] {
  const row = within(breakdownTable()).getByRole('rowheader', { name: 'Context tokens' }).closest('tr');
  return within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => /^(—|[\d,]+)/.exec(cell.textContent ?? '')?.[0] ?? '');
}

/**
 * What the row must read for `result`, from the run's own exact counts (the run counts every state in the page's
 * encoding) on the page's basis — not from any worker answer, so a breakdown of another result cannot match it.
 */
function expectedContextTokens(result: RunResult): string[] {
  const { encoding, tokenSummary } = useLabStore.getState();
  const basis = contextBasis(encoding, tokenSummary?.usage, false);
  const contents = [result.exact?.before, ...result.passes.map((pass) => pass.exact?.after)];
  return contents.map((content) => formatInteger(contextFigure(basis, content ?? Number.NaN).tokens));
}

/**
 * Records the "Context tokens" row at every change of the page from now on, so a test can say what was never shown
 * (a breakdown that flashes by before the right one arrives counts too).
 */
function recordContextTokens(): { seen: string[][]; stop(): void } {
  const seen: string[][] = [];
  const observer = new MutationObserver(() => {
    if (screen.queryByRole('table', { name: 'Tokens by kind per pass' })) seen.push(contextTokens());
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

/** Waits for the row to read `expected`, and checks nothing else was shown on the way: every figure was that result's own or still counting. */
async function expectOnlyFiguresOf(result: RunResult, recording: { seen: string[][]; stop(): void }): Promise<void> {
  const expected = expectedContextTokens(result);
  await waitFor(() => expect(contextTokens()).toEqual(expected));
  recording.stop();
  for (const shown of [...recording.seen, contextTokens()]) {
    expect(shown.length).toBeLessThanOrEqual(expected.length);
    shown.forEach((figure, pass) => expect([`—`, expected[pass]], `pass ${pass} showed ${figure}`).toContain(figure));
  }
}

/**
 * Holds the worker's breakdown answers until `release`, as a slow count would: what the view shows meanwhile is what a
 * user sees while the newer run's figures are counted.
 */
function holdBreakdowns(): { release(): Promise<void> } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const answer = labClient.breakdownPasses;
  const held = vi.spyOn(labClient, 'breakdownPasses').mockImplementation(async (...args) => {
    await gate;
    return answer(...args);
  });
  return {
    release: () =>
      act(async () => {
        open();
        held.mockRestore();
      }),
  };
}

describe('the Tokens view when a newer run replaces the shown one', () => {
  it('shows the newer run’s passes and figures only, never the replaced run’s breakdown', async () => {
    await loadFixture(fixture);
    const first = await runOnPage(onePass);
    renderWithState(<TokensView />);
    await expectOnlyFiguresOf(first, recordContextTokens());
    expect(columnHeads()).toEqual(['Original', 'Pass 1']);
    expect(screen.getByText(/^1 pass of two-tier;/)).toBeTruthy();

    let recording = recordContextTokens();
    let counting = holdBreakdowns();
    const second = await runOnPage(threePasses, { runAnyway: true });
    // The premise: the replaced run's figures differ from the newer run's, so showing them would be seen.
    expect(second.passes).toHaveLength(3);
    expect(expectedContextTokens(second)[1]).not.toBe(expectedContextTokens(first)[1]);
    // While its breakdown is counted, the newer run's passes are there and their figures are not yet.
    expect(columnHeads()).toEqual(['Original', 'Pass 1', 'Pass 2', 'Pass 3']);
    expect(contextTokens().slice(1)).toEqual(['—', '—', '—']);
    await counting.release();
    await expectOnlyFiguresOf(second, recording);
    expect(columnHeads()).toEqual(['Original', 'Pass 1', 'Pass 2', 'Pass 3']);
    expect(screen.getByText(/^3 passes of auto-compactor;/)).toBeTruthy();

    // And back to one pass: the three-pass run's later passes and figures are gone.
    recording = recordContextTokens();
    counting = holdBreakdowns();
    const third = await runOnPage(onePass);
    expect(contextTokens().slice(1)).toEqual(['—']);
    await counting.release();
    await expectOnlyFiguresOf(third, recording);
    expect(columnHeads()).toEqual(['Original', 'Pass 1']);
  });
});
