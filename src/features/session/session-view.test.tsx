// @vitest-environment happy-dom
import { lazy } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveLayout, loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { useConfigStore } from '../../state/config-store';
import { useProviderStore } from '../../state/provider-store';
import { handMadeCost } from './replay-cost-table.test-support';
import { handMadeCompaction, handMadeReplay } from './replay-view.test-support';
import { SessionView } from './session-view';
import { useSessionStore, type PolicyReplay } from './session-store';
import type { ReplayView } from '../../worker-client/replay-protocol';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));
const opened = vi.hoisted(() => [] as [string, number][]);
/** Whether the stand-in opens the compaction on screen (false: another transcript came on screen before the answer). */
const opening = vi.hoisted(() => ({ isShown: true }));
vi.mock('../../state/open-replay-compaction', () => ({
  openReplayCompaction: async (replayId: string, ordinal: number) => {
    opened.push([replayId, ordinal]);
    return opening.isShown;
  },
}));

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(() => {
  resetPage();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  opened.length = 0;
  opening.isShown = true;
});
afterEach(cleanup);

/** Puts hand-made replays on the session tab as if the worker had answered them for the transcript on screen. */
async function showReplays(a: ReplayView, b?: ReplayView, isOffline = true, config: Record<string, unknown> = {}): Promise<void> {
  await loadFixture('claude-code__tool_heavy.jsonl');
  const { imported, transcriptIndex, encoding } = useLabStore.getState();
  const done = (report: ReplayView, replayId: string): PolicyReplay => ({ status: 'done', report, replayId, isOffline, config: { profile: report.profile, ...config }, prices: {} });
  act(() => useSessionStore.setState({ transcriptKey: imported?.transcriptKeys[transcriptIndex], encoding, replays: { a: done(a, 'replay-a'), ...(b ? { b: done(b, 'replay-b') } : {}) } }));
}

describe('SessionView', () => {
  it('before any replay, says what replaying shows', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<SessionView onOpen={() => undefined} />);
    expect(screen.getByText('Replay to see every compaction this policy would make over the session.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replay' })).toBeTruthy();
  });

  it('draws a focusable marker per policy compaction and the agent’s own; Enter on a marker opens that compaction', async () => {
    await showReplays(handMadeReplay());
    const shown: number[] = [];
    renderWithState(<SessionView onOpen={() => shown.push(1)} />);
    const chart = await screen.findByRole('region', { name: 'Context over the session' });
    const markers = await within(chart).findAllByRole('button', { name: /^Open compaction \d+ at message/ });
    expect(markers.map((marker) => marker.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Open compaction 1 at message 4: [\d,]+ → [\d,]+ tokens$/),
      expect.stringMatching(/^Open compaction 2 at message 8: /),
    ]);
    expect(markers[0].getAttribute('tabindex')).toBe('0');
    expect(within(chart).getByRole('img', { name: 'agent compacted here (compact_boundary, logged 155,000 before)' })).toBeTruthy();
    expect(within(chart).getByRole('list', { name: 'Chart legend' }).textContent).toMatch(/Context tokens \(o200k_base exact \+ [\d,]+ for the system prompt and tools not in the file\)/);
    expect(within(chart).getByRole('list', { name: 'Chart legend' }).textContent).toContain("Logged context: the provider's figure for the agent's real context");
    fireEvent.keyDown(markers[1], { key: 'Enter' });
    await waitFor(() => expect(opened).toEqual([['replay-a', 2]]));
    await waitFor(() => expect(shown).toEqual([1]));
    expect(screen.getByText(/checks its gate after each run \(the Dart host\)\. Every step counted exactly with o200k_base\./)).toBeTruthy();
  });

  it('draws the replay’s cost in its own strip under the tokens with its basis, each compaction’s step marked and in the table (issue 28)', async () => {
    await showReplays(handMadeReplay());
    act(() => useSessionStore.setState((state) => ({ replays: { a: { ...(state.replays.a as PolicyReplay), cost: handMadeCost() } } })));
    renderWithState(<SessionView onOpen={() => undefined} />);
    const chart = await screen.findByRole('region', { name: 'Context over the session' });
    const legend = within(chart).getByRole('list', { name: 'Chart legend' }).textContent;
    expect(legend).toContain('Cost (lower strip): the agent as its log bills it');
    expect(legend).toContain("The agent's same calls as the cache model bills them");
    expect(legend).toContain('The policy by the cache model: its agent calls with caching + its summarizer calls');
    // Each cost line's legend swatch is a stroke in its own colour; none is a token line's colour.
    const strokes = [...within(chart).getByRole('list', { name: 'Chart legend' }).querySelectorAll('.legend-line line')].map((line) => line.getAttribute('stroke'));
    expect(new Set(strokes.slice(-3)).size).toBe(3);
    expect(strokes.slice(-3)).not.toContain(strokes[0]);
    const strip = within(chart).getByRole('group', { name: 'Cost over the session, US dollars' });
    expect(await within(strip).findByRole('img', { name: /^Compaction 1: \+\$0\.8000 for its summarizer calls and the whole next agent call/ })).toBeTruthy();
    expect(screen.getByText(/^Cost \(US dollars\): prices from @pydantic\/genai-prices 0\.1\.8 as of 2026-09-23; cache lifetime five minutes \(read from the log's own cache writes\); the system prompt and tools \(12,000 provider tokens\)/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Replay cost' })).toBeTruthy();
    const compactions = screen.getByRole('table', { name: 'Compactions' });
    expect(within(compactions).getByRole('columnheader', { name: 'Cost step (+ next call)' })).toBeTruthy();
    expect(within(compactions).getAllByRole('row')[1].textContent).toContain('+$0.8000');
  });

  it('says why an unpriced replay has no cost and draws no cost strip', async () => {
    await showReplays(handMadeReplay());
    act(() => useSessionStore.setState((state) => ({ replays: { a: { ...(state.replays.a as PolicyReplay), costProblem: 'The price catalog could not be loaded (network): cost unknown.' } } })));
    renderWithState(<SessionView onOpen={() => undefined} />);
    const chart = await screen.findByRole('region', { name: 'Context over the session' });
    expect(within(chart).getByRole('list', { name: 'Chart legend' }).textContent).not.toContain('Cost');
    expect(within(chart).queryByRole('group', { name: 'Cost over the session, US dollars' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Compactions' })).queryByRole('columnheader', { name: /Cost step/ })).toBeNull();
    expect(screen.getByText('The price catalog could not be loaded (network): cost unknown.')).toBeTruthy();
  });

  it('says a shown replay’s cost is stale once a price changes, and not before (issue 28)', async () => {
    await showReplays(handMadeReplay());
    act(() => useSessionStore.setState((state) => ({ replays: { a: { ...(state.replays.a as PolicyReplay), cost: handMadeCost() } } })));
    renderWithState(<SessionView onOpen={() => undefined} />);
    await screen.findByRole('region', { name: 'Context over the session' });
    expect(screen.queryByText(/^Prices changed since this replay/)).toBeNull();
    act(() => useProviderStore.getState().pricesEdited({ 'claude-opus-4-6': { inputPerMillion: 1, outputPerMillion: 2 } }));
    expect(screen.getByText('Prices changed since this replay: replay again to see the cost at the new prices.').getAttribute('role')).toBe('status');
  });

  it('stays on the session when the compaction asked for was not opened (another transcript came on screen meanwhile)', async () => {
    await showReplays(handMadeReplay());
    opening.isShown = false;
    const shown: number[] = [];
    renderWithState(<SessionView onOpen={() => shown.push(1)} />);
    const table = await screen.findByRole('table', { name: 'Compactions' });
    fireEvent.click(within(table).getByRole('button', { name: 'Open compaction 1' }));
    await waitFor(() => expect(opened).toEqual([['replay-a', 1]]));
    // The open has settled (its answer was dropped): the app is not asked to show an inspector with nothing opened.
    await act(async () => undefined);
    expect(shown).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tables every compaction with its Open button, and says a failure and an unpriced cost in words', async () => {
    const failed = handMadeCompaction(2, 7, { success: false, outcome: 'the summarizer failed twice', costUsd: null, retention: { factsLost: 2, factsTotal: 5 } });
    // A window far above the fixture's 25,797 tokens of unstored overhead: what each compaction left fits.
    await showReplays(handMadeReplay([handMadeCompaction(1, 3), failed], { window: 200_000 }), undefined, false, { window: 200_000 });
    renderWithState(<SessionView onOpen={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Compactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Open', '4', expect.stringMatching(/^[\d,]+ → [\d,]+$/), '1', '1', '$0', '3 of 10', '75.0% (3 of 4 needed)', 'done'],
      ['Open', '8', expect.stringMatching(/^[\d,]+ → [\d,]+$/), '1', '1', '—', '2 of 5', '—', 'Failed: the summarizer failed twice'],
    ]);
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Open compaction 1' }));
    await waitFor(() => expect(opened).toEqual([['replay-a', 1]]));
    const totals = screen.getByRole('table', { name: 'Replay totals' });
    expect(within(totals).getByRole('row', { name: /^Compactions/ }).textContent).toBe('Compactions2 (1 failed)');
    expect(within(totals).getByRole('row', { name: /^Summarizer cost/ }).textContent).toBe('Summarizer cost—');
  });

  it('marks a compaction that replaced nothing as not done, with the engine’s words in its outcome and their detail on it (issue 25)', async () => {
    const message = 'The run reported success but replaced nothing: no message of the history was summarized, masked, cut, trimmed or dropped.';
    const keptAll = handMadeCompaction(1, 3, { outcome: 'replaced nothing: the history is as it was', flags: [{ kind: 'replaced-nothing', message }] });
    await showReplays(handMadeReplay([keptAll, handMadeCompaction(2, 7)], { window: 200_000 }), undefined, true, { window: 200_000 });
    renderWithState(<SessionView onOpen={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Compactions' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const outcome = within(first).getAllByRole('cell').at(-1);
    expect(outcome?.textContent).toBe('replaced nothing: the history is as it was');
    expect(outcome?.getAttribute('title')).toBe(message);
    expect(first.className).toBe('compaction-failed');
    expect(second.className).toBe('');
  });

  it('says a compaction that left the context over the window, in the table, on its marker and in the totals, never "done"', async () => {
    // 200 tokens held + the fixture's 25,797 unstored = 25,997 context tokens after each compaction, over a 15,000 window.
    await showReplays(handMadeReplay(undefined, { window: 15_000 }), undefined, true, { window: 15_000, reserveTokens: 1000 });
    renderWithState(<SessionView onOpen={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Compactions' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['Over the window: the next call would be refused', 'Over the window: the next call would be refused']));
    const chart = screen.getByRole('region', { name: 'Context over the session' });
    expect(within(chart).getByRole('button', { name: /^Open compaction 1 at message 4: 26,797 → 25,997 tokens \(over the window: the next call would be refused\)$/ })).toBeTruthy();
    const totals = screen.getByRole('table', { name: 'Replay totals' });
    expect(within(totals).getByRole('row', { name: /^Compactions that left the context over the window/ }).textContent).toBe('Compactions that left the context over the window2 (the next call would be refused)');
    // Every step's context is over the 900-token trigger line once the overhead is added; the gate, on exact content, saw none.
    expect(within(totals).getByRole('row', { name: /^Steps over the trigger/ }).textContent).toBe("Steps over the trigger100.0% (10 of 10; 0 by the profile's own estimate)");
  });

  it('with policy B: both totals side by side with Δ (B − A), words for which is better, and B’s own markers and table', async () => {
    await showReplays(handMadeReplay(undefined, { window: 200_000 }), handMadeReplay([handMadeCompaction(1, 5)], { window: 200_000 }), true, { window: 200_000 });
    renderWithState(<SessionView onOpen={() => undefined} />);
    const totals = await screen.findByRole('table', { name: 'Replay totals' });
    expect(within(totals).getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Total', 'A', 'B', 'Δ (B − A)']);
    expect(within(totals).getByRole('row', { name: /^Compactions/ }).textContent).toBe('Compactions21−1');
    expect(screen.getByRole('note').textContent).toMatch(/^B is better on compactions \(−1\), summarizer calls \(−1\)/);
    const chart = screen.getByRole('region', { name: 'Context over the session' });
    expect(within(chart).getAllByRole('button', { name: /^Open policy B's compaction/ })).toHaveLength(1);
    expect(within(chart).getAllByRole('button', { name: /^Open policy A's compaction/ })).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Compactions of policy B' })).toBeTruthy();
  });

  it('with policy B that compacts as A does but sets a lower trigger (a larger reserve): no winner, both counted against the lower line, said (issue 27)', async () => {
    // With the fixture's 25,797 tokens of unstored overhead the steps' contexts run 25,997 to 26,297 after each step:
    // none over A's 26,500-token line, some over B's 26,150 — the same compactions, so the same count for both.
    await showReplays(handMadeReplay(undefined, { window: 200_000, trigger: 26_500 }), handMadeReplay(undefined, { window: 200_000, trigger: 26_150 }), true, { window: 200_000 });
    renderWithState(<SessionView onOpen={() => undefined} />);
    const totals = await screen.findByRole('table', { name: 'Replay totals' });
    expect(within(totals).getByRole('row', { name: /^Steps over the trigger/ }).textContent).toMatch(/^Steps over the trigger([\d.]+% \(\d+ of 10; 0 by the profile's own estimate\))\1/);
    expect(screen.getByRole('note').textContent).toBe('A and B come out the same on every total.');
    expect(screen.getByText(/^Steps and time over the trigger are counted for both policies against one line, the lower trigger of the two: B's \(26,150 tokens\), not A's own \(26,500, the line the chart draws\)/)).toBeTruthy();
  });

  it('Compare with… offers the run panel’s profiles for B; choosing one makes B that profile’s defaults, editable after (issue 27)', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<SessionView onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare with…' }));
    const policyB = await screen.findByRole('region', { name: 'Policy B' });
    const picker = within(policyB).getByRole('combobox', { name: 'Policy B profile' }) as HTMLSelectElement;
    const runPanelProfile = useConfigStore.getState().config.profile;
    expect(picker.value).toBe(runPanelProfile);
    expect([...picker.options].map((option) => option.value)).toEqual(['auto-compactor', 'rolling-summary', 'two-tier', 'unified']);
    fireEvent.change(picker, { target: { value: 'two-tier' } });
    const json = within(policyB).getByRole('textbox', { name: 'Policy B config JSON' }) as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ schemaVersion: 1, profile: 'two-tier' });
    expect(useConfigStore.getState().config.profile).toBe(runPanelProfile);
    fireEvent.change(json, { target: { value: JSON.stringify({ schemaVersion: 1, profile: 'two-tier', tokenThreshold: 40_000 }) } });
    expect(useConfigStore.getState().variantB?.document).toEqual({ schemaVersion: 1, profile: 'two-tier', tokenThreshold: 40_000 });
    expect(picker.value).toBe('two-tier');
    expect(within(policyB).getByText(/after Harn/)).toBeTruthy();
    // A stray choice loses no edit: B under two-tier is set aside, and choosing two-tier again brings it back.
    fireEvent.change(picker, { target: { value: 'unified' } });
    expect(useConfigStore.getState().variantB?.document).toEqual({ schemaVersion: 1, profile: 'unified' });
    fireEvent.change(picker, { target: { value: 'two-tier' } });
    expect(useConfigStore.getState().variantB?.document).toEqual({ schemaVersion: 1, profile: 'two-tier', tokenThreshold: 40_000 });
  });

  it('Replay runs the run panel’s config in the worker: progress, then the sawtooth with its compactions and totals', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'auto-compactor', window: 3000, reserveTokens: 750, keepRecentTokens: 1125 })));
    renderWithState(<SessionView onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    const table = await screen.findByRole('table', { name: 'Compactions' }, { timeout: 30_000 });
    const report = useSessionStore.getState().replays.a?.report;
    expect(report?.compactions.length).toBeGreaterThanOrEqual(1);
    expect(within(table).getAllByRole('row')).toHaveLength((report?.compactions.length ?? 0) + 1);
    const chart = screen.getByRole('region', { name: 'Context over the session' });
    expect(within(chart).getAllByRole('button', { name: /^Open compaction \d+ at message/ })).toHaveLength(report?.compactions.length ?? -1);
    expect(within(screen.getByRole('table', { name: 'Replay totals' })).getByRole('row', { name: /^Summarizer cost/ }).textContent).toBe('Summarizer cost$0 (offline)');
    // The worker's progress reached the store: the last one says every message was replayed.
    const progress = useSessionStore.getState().replays.a?.progress;
    expect(progress?.done).toBe(progress?.total);
    expect(progress?.compactions).toBe(report?.compactions.length);
  });

  it('while replaying, says how far each replay got, and offers Cancel instead of Replay', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    const { imported, encoding } = useLabStore.getState();
    const running = (done: number): PolicyReplay => ({ status: 'running', isOffline: true, config: {}, prices: {}, progress: { done, total: 2104, compactions: 3 } });
    act(() => useSessionStore.setState({ transcriptKey: imported?.transcriptKeys[0], encoding, replays: { a: running(812), b: running(1) } }));
    renderWithState(<SessionView onOpen={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(' A: message 812 of 2,104 · 3 compactions · B: message 1 of 2,104 · 3 compactions');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Replay/ })).toBeNull();
  });

  it('settings that cannot work are refused in words, and "Replay anyway" replays them regardless', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'auto-compactor', window: 3000 })));
    renderWithState(<SessionView onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert.textContent).toMatch(/^These settings cannot work as set, so nothing ran: reserveTokens/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Replay anyway' }));
    await screen.findByRole('table', { name: 'Replay totals' }, { timeout: 30_000 });
    expect(useSessionStore.getState().replays.a?.status).toBe('done');
  });

  it('a config that is not JSON is refused in words before anything runs', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    act(() => useConfigStore.getState().configEdited('{ not json'));
    renderWithState(<SessionView onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The config is not valid JSON: /);
    expect(useSessionStore.getState().replays).toEqual({});
  });

  it('Compare with… shows policy B’s editor; while it loads, only its box waits and the rest of the tab stays', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    renderWithState(<SessionView onOpen={() => undefined} variantEditor={() => <NeverLoads />} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare with…' }));
    const policyB = await screen.findByRole('region', { name: 'Policy B' });
    expect(within(policyB).getByText('Loading the config editor…')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Compare with…' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Replay A and B' })).toBeTruthy();
  });

  it('a transcript with no replay of its own shows none of another’s', async () => {
    await showReplays(handMadeReplay());
    act(() => useSessionStore.setState({ transcriptKey: 'another transcript' }));
    renderWithState(<SessionView onOpen={() => undefined} />);
    expect(screen.queryByRole('table', { name: 'Compactions' })).toBeNull();
    expect(screen.getByText('Replay to see every compaction this policy would make over the session.')).toBeTruthy();
  });
});
