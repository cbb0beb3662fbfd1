// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { useVersus } from './use-versus';
import { VersusView } from './versus-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const session = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

beforeEach(resetPage);
afterEach(cleanup);

describe('VersusView', () => {
  it('compares the run panel’s profile with the agent’s own summary, side by side, and a lost fact shows where the agent used it', async () => {
    await loadFixture(session);
    act(() => useConfigStore.getState().profileChosen('two-tier'));
    const shown: number[] = [];
    renderWithState(<VersusView onShowMessage={(index) => shown.push(index)} />);
    const view = screen.getByRole('region', { name: "Against the agent's own compaction" });
    expect(within(view).getByText(/^Compaction 1: before message 289 \(compact_boundary, auto\)$/)).toBeTruthy();
    expect(within(view).getByRole('status').textContent).toMatch(/^Not compared yet/);
    fireEvent.click(within(view).getByRole('button', { name: 'Compare with two-tier' }));
    const agent = await within(view).findByRole('region', { name: "The agent's context after its compaction" }, { timeout: 20_000 });
    const profile = within(view).getByRole('region', { name: "two-tier's output" });
    expect(within(view).getByRole('note').textContent).toMatch(/^Compared at compaction 1, before message 289\. Sized like the agent's summary \([\d,]+ tokens\) in \d tr(y|ies): compactStrategy: llm, keepLast: 0, tokenThreshold: 0, summarizeToolCalls: true, offlineSummary\.summaryMaxTokens: \d+ set over the config; the profile's context reached \d+\.\d\d× the agent's summary\.(?: The sized run could not reach its size: [^]*? any nearer\)\.)? two-tier ran on the 288 messages .*Tokens: exact o200k_base tokens/);
    // Both sides: exact tokens (the profile's with their multiple of the agent's summary; the agent's with the part that
    // is its summary, never a multiple of itself), the needed facts kept of the same needed facts, next actions, and the context as text.
    expect(within(agent).getByText('Tokens').nextElementSibling?.textContent).toMatch(/^[\d,]+ exact o200k_base, (all of it the summary|of which the summary [\d,]+)$/);
    expect(within(agent).getByText('Tokens').nextElementSibling?.textContent).not.toMatch(/×/);
    expect(within(profile).getByText('Tokens').nextElementSibling?.textContent).toMatch(/^[\d,]+ · \d+\.\d\d× the agent's summary exact o200k_base/);
    for (const side of [agent, profile]) {
      expect(within(side).getByText('Needed facts kept').closest('dt')?.nextElementSibling?.textContent).toMatch(/^\d+\.\d% \(\d+ of 18 needed facts\)( · kept facts found \d+ in the .+)?$/);
      expect(within(side).getByText('Next actions found').nextElementSibling?.textContent).toMatch(/^\d of 5$/);
    }
    expect(within(agent).getByText(/^This session is being continued/)).toBeTruthy();
    // Which messages each side holds: the agent's summary alone (an automatic compaction adds nothing beside it).
    expect(within(agent).getByText('Holds').nextElementSibling?.textContent).toBe('1 summary message');
    expect(within(profile).getByText('Holds').nextElementSibling?.textContent).toMatch(/^\d+ summary messages?( \+ \d+ kept from the history)?$/);
    const table = within(view).getByRole('table', { name: 'Needed facts kept by category' });
    expect(within(table).getByRole('row', { name: /^path \d+ of \d+ \d+ of \d+$/ })).toBeTruthy();
    // A lost fact links to the message where the agent used it; the view focuses it and asks the app to show it.
    const lost = within(agent).getByRole('list', { name: "Needed facts lost by The agent's context after its compaction" });
    const jump = within(lost).getAllByRole('button', { name: /^Show message \d+, where the agent used/ })[0];
    const messageNumber = Number(/^Show message (\d+)/.exec(jump.getAttribute('aria-label') ?? '')?.[1]);
    expect(messageNumber).toBeGreaterThan(289);
    fireEvent.click(jump);
    expect(shown).toEqual([messageNumber - 1]);
    expect(useLabStore.getState().focusedIndex).toBe(messageNumber - 1);
  });

  it('says in words that a transcript holds no compaction by the agent, and offers nothing to run', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<VersusView onShowMessage={() => undefined} />);
    expect(screen.getByRole('status').textContent).toMatch(/^This transcript holds no compaction by the agent \(no Claude Code compact_boundary, Codex compacted item or OpenHands condensation\), so there is nothing to compare against\./);
    expect(screen.queryByRole('button', { name: /^Compare/ })).toBeNull();
  });

  it('lets the user pick one of several compactions, the last readable one first, and says when the gate was forced', async () => {
    const name = 'codex-two-compactions.jsonl';
    const text = readFileSync(path.join(import.meta.dirname, '..', '..', 'engine', 'versus', 'fixtures', name), 'utf8');
    const response = unwrap(await labClient.importText(text, name));
    act(() => useLabStore.getState().loadSucceeded(name, response));
    act(() => useConfigStore.getState().profileChosen('two-tier'));
    renderWithState(<VersusView onShowMessage={() => undefined} />);
    const picker = screen.getByRole('combobox', { name: 'Compaction' }) as HTMLSelectElement;
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringMatching(/^Compaction 1: before message \d+ \(compacted/), expect.stringMatching(/^Compaction 2: /)]);
    expect(picker.value).toBe('2');
    fireEvent.change(picker, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: "Size like the agent's summary" }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare with two-tier' }));
    const note = await screen.findByRole('note', {}, { timeout: 20_000 });
    expect(note.textContent).toMatch(/^Compared at compaction 1, before message \d+\. two-tier's gate would not fire on .* so it ran again with tokenThreshold: 0 .* Gate forced \(tokenThreshold: 0\)\.$/);
  });

  it('sizes the profile like the agent’s summary by default, says what it set, and shows each side as a multiple of that summary', async () => {
    await loadFixture(session);
    act(() => useConfigStore.getState().profileChosen('unified'));
    renderWithState(<VersusView onShowMessage={() => undefined} />);
    const view = screen.getByRole('region', { name: "Against the agent's own compaction" });
    const sizing = within(view).getByRole('checkbox', { name: "Size like the agent's summary" }) as HTMLInputElement;
    expect(sizing.checked).toBe(true);
    // Keyboard reachable (a native checkbox), and described by the sentence that names what it sets.
    expect(document.getElementById(sizing.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Sized like the agent's summary: a few runs with the offline summarizer find the values of force, keepRecentTokens and offlineSummary.summaryMaxTokens that bring the profile's whole context closest to the agent's summary without going over it. Both sides are then compared at about the same size; the note says the size reached.",
    );
    fireEvent.click(within(view).getByRole('button', { name: 'Compare with unified' }));
    const profile = await within(view).findByRole('region', { name: "unified's output" }, { timeout: 20_000 });
    const summaryTokens = Number(/Sized like the agent's summary \(([\d,]+) tokens\)/.exec(within(view).getByRole('note').textContent ?? '')?.[1].replace(/,/g, ''));
    const multipleOf = (side: HTMLElement) => Number(/· (\d+\.\d\d)× the agent's summary/.exec(within(side).getByText('Tokens').nextElementSibling?.textContent ?? '')?.[1]);
    const sizedTokens = Number(/^([\d,]+)/.exec(within(profile).getByText('Tokens').nextElementSibling?.textContent ?? '')?.[1].replace(/,/g, ''));
    expect(multipleOf(profile)).toBeCloseTo(sizedTokens / summaryTokens, 2);
    // The note says the multiple the search reached, the same the side shows, near the agent's summary.
    expect(within(view).getByRole('note').textContent).toMatch(
      new RegExp(`Sized like the agent's summary \\(${summaryTokens.toLocaleString('en-US')} tokens\\) in \\d tr(y|ies): force: true, keepRecentTokens: \\d+, offlineSummary\\.summaryMaxTokens: \\d+ set over the config; the profile's context reached ${multipleOf(profile).toFixed(2).replace('.', '\\.')}× the agent's summary\\.`),
    );
    expect(multipleOf(profile)).toBeGreaterThan(0.8);
    expect(multipleOf(profile)).toBeLessThan(1.25);
    // Unchecked, the shown comparison is stale; compared again, the profile runs as configured, many times the summary's size.
    fireEvent.click(sizing);
    expect(within(view).getByText(/^The config, the encoding or the sizing changed since this comparison/)).toBeTruthy();
    expect(within(view).getByText(/^As configured: unified keeps what its config says/)).toBeTruthy();
    fireEvent.click(within(view).getByRole('button', { name: 'Compare with unified' }));
    await waitFor(() => expect(within(view).getByRole('note').textContent).not.toContain('Sized like'), { timeout: 20_000 });
    expect(multipleOf(within(view).getByRole('region', { name: "unified's output" }))).toBeGreaterThan(5);
  });
});

describe('VersusView before the round trip', () => {
  it('refuses a prompt override the run could not send, naming the slot and the variable, and asks the worker nothing', async () => {
    await loadFixture(session);
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'auto-compactor', prompts: { summary: 'Summarize {{conversaton}} please' } })));
    const compare = vi.spyOn(labClient, 'compareWithAgent');
    renderWithState(<VersusView onShowMessage={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Compare with auto-compactor' }));
    expect(screen.getByText(/First summary \(compaction\/summary\) \(prompts\.summary\) uses \{\{conversaton\}\}, which it does not fill/)).toBeTruthy();
    expect(compare).not.toHaveBeenCalled();
  });
});

describe('useVersus', () => {
  it('says there is nothing to compare against in the lab’s words, as the comparison’s answer rather than a failure', async () => {
    const { transcriptKey } = await loadFixture(session);
    act(() => useConfigStore.getState().profileChosen('rolling-summary'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const versus = renderHook(() => useVersus(transcriptKey, 'as-configured'), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    expect(versus.result.current.isAnswered).toBe(false);
    act(() => versus.result.current.compare(2));
    await waitFor(() => expect(versus.result.current.problem).toBeDefined());
    expect(versus.result.current).toMatchObject({ problem: 'There is no compaction 2: this transcript holds only compaction 1 by the agent.', isAnswered: true, isRunning: false, outcome: undefined });
  });
});
