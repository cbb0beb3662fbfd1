// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../state/render-with-state.test-support';
import { formatInteger } from '../ui/format';
import { keepTranscript, pageWorkspaceForgotten, withWorkspace } from '../workspace/page-workspace';
import type { RunRecord } from '../workspace/workspace-schema';
import { RunComparison, whyNotComparable } from '../features/diff/run-comparison';
import { useSessionStore } from '../features/session/session-store';
import { useSessionReplay } from '../features/session/use-session-replay';
import { useConfigStore } from '../state/config-store';
import { WorkspaceDialog } from '../features/workspace/workspace-dialog';
import { useRunRecording } from './use-run-recording';

vi.mock('../worker-client/lab-client', () => import('../state/in-process-lab-client.test-support'));

const fixture = 'claude-code__tool_heavy.jsonl';
/** Two configs that leave different states: forced summaries keeping a longer and a shorter recent tail. */
const longerTail = { schemaVersion: 1, profile: 'auto-compactor', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true };
const shorterTail = { ...longerTail, keepRecentTokens: 600 };

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(async () => {
  resetPage();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  pageWorkspaceForgotten();
  await withWorkspace((workspace) => workspace.clear());
});
afterEach(cleanup);

/** The runs the workspace recorded, oldest first, once there are `count`. */
async function recordedRuns(count: number): Promise<RunRecord[]> {
  let runs: RunRecord[] = [];
  await waitFor(async () => {
    runs = (await withWorkspace((workspace) => workspace.listRuns())) ?? [];
    expect(runs).toHaveLength(count);
  });
  return [...runs].sort((first, second) => first.createdAt - second.createdAt);
}

/** The metric table's row named `label`: its left, right and Δ cells. */
function metric(label: string): string[] {
  const table = screen.getByRole('table', { name: 'Metrics of both sides' });
  const row = within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
  return within(row).getAllByRole('cell').map((cell) => cell.textContent ?? '');
}

describe('comparing two recorded runs', () => {
  it('records each run with its state, and sets two picked runs side by side from the workspace alone', async () => {
    renderHook(() => useRunRecording());
    await loadFixture(fixture);
    await keepTranscript(readFixture(fixture), fixture, 'Claude Code');
    const first = await runOnPage(longerTail);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await runOnPage(shorterTail);
    // The premise: two runs that left different states.
    expect(first.passes.length).toBeGreaterThan(0);
    expect(second.passes.length).toBeGreaterThan(0);
    expect(first.exact?.after).not.toBe(second.exact?.after);
    const [older, newer] = await recordedRuns(2);

    renderWithState(<WorkspaceDialog openFile={vi.fn(async () => undefined)} compareRuns={RunComparison} onClose={() => undefined} />);
    const compare = await screen.findByRole('button', { name: 'Compare the two picked runs' });
    expect((compare as HTMLButtonElement).disabled).toBe(true);
    const picks = screen.getAllByRole('checkbox', { name: 'Pick to compare' });
    expect(picks).toHaveLength(2);
    fireEvent.click(picks[0]);
    expect(screen.getByText(/^One run picked/)).toBeTruthy();
    fireEvent.click(picks[1]);
    expect((compare as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(compare);

    const region = await screen.findByRole('region', { name: 'Comparison of two recorded runs' });
    expect(within(region).getByRole('heading', { level: 3 }).textContent).toBe(`${older.name} against ${newer.name}`);
    await screen.findByRole('table', { name: 'Metrics of both sides' }, { timeout: 10_000 });
    const [left, right, delta] = metric('Context tokens');
    expect([left, right]).toEqual([formatInteger(first.exact?.after ?? 0), formatInteger(second.exact?.after ?? 0)]);
    expect(delta).toContain(formatInteger(Math.abs((second.exact?.after ?? 0) - (first.exact?.after ?? 0))));
    expect(metric('Messages').slice(0, 2)).toEqual([String(first.passes.at(-1)?.messages.length), String(second.passes.at(-1)?.messages.length)]);
    expect(screen.getByRole('note').textContent).toMatch(/the runs’ own exact counts/);

    fireEvent.click(screen.getByRole('button', { name: 'Back to the workspace' }));
    expect((screen.getAllByRole('checkbox', { name: 'Pick to compare' })[0] as HTMLInputElement).checked).toBe(true);
  });

  it('records a finished session replay with its own figures, offered for reopening but not for a comparison', async () => {
    renderHook(() => useRunRecording());
    await loadFixture(fixture);
    await keepTranscript(readFixture(fixture), fixture, 'Claude Code');
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'auto-compactor', window: 3000, reserveTokens: 750, keepRecentTokens: 1125 })));
    const { result } = renderHook(() => useSessionReplay());
    await act(() => result.current.start());
    const report = useSessionStore.getState().replays.a?.report;
    expect(report?.totals.compactions).toBeGreaterThan(0);
    const [run] = await recordedRuns(1);
    expect(run).toMatchObject({ kind: 'replay', name: `${fixture} · auto-compactor replay`, summary: { passes: report?.totals.compactions, replay: { peakTokens: report?.totals.peakTokens, steps: report?.steps.length } } });

    renderWithState(<WorkspaceDialog openFile={vi.fn(async () => undefined)} compareRuns={RunComparison} onClose={() => undefined} />);
    expect(await screen.findByText(new RegExp(`^.* · Replayed with ${report?.totals.compactions} compaction`))).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Pick to compare' })).toBeNull();
  });

  it('says why a replay, or runs on two transcripts, cannot be compared', () => {
    const run = { id: 'a', name: 'a', kind: 'compaction', transcriptId: 't1', transcriptIndex: 0, configText: '{}', profile: 'pi', createdAt: 1, summary: { outcome: 'done', passes: 1, summarizerCalls: 0, estimatedTokensBefore: 2, estimatedTokensAfter: 1 } } satisfies RunRecord;
    expect(whyNotComparable(run, { ...run, id: 'b' })).toBeUndefined();
    expect(whyNotComparable(run, { ...run, id: 'b', kind: 'replay' })).toMatch(/session replay leaves a state after every step/);
    expect(whyNotComparable(run, { ...run, id: 'b', transcriptId: 't2' })).toMatch(/different transcripts/);
    expect(whyNotComparable(run, { ...run, id: 'b', transcriptIndex: 1 })).toMatch(/different transcripts/);
  });
});
