// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextBasis, contextFigure, measureRetention, type PassRetention, type RunResult } from '../engine';
import type { Transcript } from '../engine/transcript';
import { AbPanel } from '../features/ab/ab-panel';
import { useAbStore } from '../features/ab/ab-store';
import { RetentionView } from '../features/retention/retention-view';
import { TokensView } from '../features/tokens/tokens-view';
import { useLabStore } from '../state/store';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../state/render-with-state.test-support';
import { formatInteger, formatPercent } from '../ui/format';

vi.mock('../worker-client/lab-client', () => import('../state/in-process-lab-client.test-support'));

const fixture = 'claude-code__tool_heavy.jsonl';
/** The inspector's run, and A/B's variant A (the Compaction panel's config): two-tier masks and summarizes the old turns. */
const panelConfig = { profile: 'two-tier', tokenThreshold: 500, toolOutputMaxChars: 400 };
/** A/B's variant B: the auto-compactor summarizes all but the newest message, keeping other facts than two-tier. */
const variantB = { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 };

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(() => {
  resetPage();
  useAbStore.setState(useAbStore.getInitialState(), true);
});
afterEach(cleanup);

/** The inspector's views as the app composes them (probes left out: they need a live model). */
function InspectorViews() {
  return (
    <>
      <TokensView />
      <RetentionView probes={() => null} />
    </>
  );
}

/** A result's context tokens per state on the page's basis, from the run's own exact counts (never a worker answer). */
function contextTokensOf(result: RunResult): string[] {
  const { encoding, tokenSummary } = useLabStore.getState();
  const basis = contextBasis(encoding, tokenSummary?.usage, false);
  return [result.exact?.before, ...result.passes.map((pass) => pass.exact?.after)].map((content) => formatInteger(contextFigure(basis, content ?? Number.NaN).tokens));
}

/** A result's retention, measured here by the engine on that result itself (these configs pin no lines). */
function retentionOf(transcript: Transcript, result: RunResult): PassRetention[] {
  return measureRetention(transcript, result, []);
}

/** The Tokens tab's "Context tokens" and "Facts kept so far" rows. */
function tokensTabFigures(): { context: string[]; factsKept: string[] } {
  const table = screen.getByRole('table', { name: 'Tokens by kind per pass' });
  const cellsOf = (name: string) => {
    const row = within(table).queryByRole('rowheader', { name })?.closest('tr');
    return row ? within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent ?? '') : [];
  };
  return { context: cellsOf('Context tokens').map((text) => /^(—|[\d,]+)/.exec(text)?.[0] ?? ''), factsKept: cellsOf('Facts kept so far (cumulative retention)') };
}

/** What the Tokens tab must show for the inspector's one-pass run. */
function expectedTokensTab(transcript: Transcript, result: RunResult): { context: string[]; factsKept: string[] } {
  const [pass] = retentionOf(transcript, result);
  return { context: contextTokensOf(result), factsKept: ['— nothing compacted yet', `${formatPercent(pass.cumulative.overall)} of ${formatInteger(pass.cumulative.total)} facts compacted so far`] };
}

/** What the Retention tab shows of the chosen pass: the facts each column is of, and how many were lost. */
function retentionTabFigures(): string[] {
  const view = screen.getByRole('region', { name: 'Retention' });
  const table = within(view).getByRole('table', { name: 'Retention by category' });
  const heads = within(table).getAllByRole('columnheader').slice(1).map((head) => head.textContent ?? '');
  return [...heads, within(view).getByRole('heading', { name: /^Lost facts/ }).textContent ?? ''];
}

function expectedRetentionTab(transcript: Transcript, result: RunResult): string[] {
  const [pass] = retentionOf(transcript, result);
  return [`This pass (of ${formatInteger(pass.perPass.total)} facts from the messages this pass compacted)`, `Cumulative (of ${formatInteger(pass.cumulative.total)} facts compacted so far)`, `Lost facts (${formatInteger(pass.perPass.lost.length)})`];
}

/** One row of the A/B comparison: baseline, other, delta. */
function abRow(name: string): string[] {
  const table = screen.getByRole('table', { name: 'A/B comparison' });
  const row = within(table).getByRole('rowheader', { name }).closest('tr');
  return within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent ?? '');
}

describe('A/B results beside the inspector’s', () => {
  it('an A/B run shows its own results and leaves Tokens and Retention on the inspector’s run, also when they ask the worker afresh', async () => {
    const { transcript } = await loadFixture(fixture);
    const inspector = await runOnPage(panelConfig);
    renderWithState(
      <>
        <InspectorViews />
        <AbPanel />
      </>,
    );
    const tokensTab = expectedTokensTab(transcript, inspector);
    const retentionTab = expectedRetentionTab(transcript, inspector);
    await waitFor(() => expect(tokensTabFigures()).toEqual(tokensTab));
    await waitFor(() => expect(retentionTabFigures()).toEqual(retentionTab));

    // Every change from here on is recorded: the inspector's figures must hold through the whole A/B series.
    const seen: { context: string[]; factsKept: string[] }[] = [];
    const observer = new MutationObserver(() => seen.push(tokensTabFigures()));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });

    fireEvent.change(screen.getByRole('textbox', { name: 'Variant B config JSON' }), { target: { value: JSON.stringify(variantB) } });
    fireEvent.click(screen.getByRole('button', { name: 'Run A/B' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'A/B status' }).textContent).toBe('Last A/B: done'), { timeout: 10_000 });
    observer.disconnect();

    // The A/B panel shows its own runs: A ran the panel's config, B its own, each measured on its own result.
    const [runA] = useAbStore.getState().results.a?.runs ?? [];
    const [runB] = useAbStore.getState().results.b?.runs ?? [];
    expect(runA.result.profile).toBe('two-tier');
    expect(runB.result.profile).toBe('auto-compactor');
    const factsKept = (result: RunResult) => (retentionOf(transcript, result).at(-1)?.cumulative.overall ?? Number.NaN) * 100;
    expect(factsKept(runB.result).toFixed(1)).not.toBe(factsKept(inspector).toFixed(1));
    expect(abRow('context tokens after').slice(0, 2)).toEqual([contextTokensOf(runA.result)[1], contextTokensOf(runB.result)[1]]);
    expect(abRow('facts kept').slice(0, 2)).toEqual([`${factsKept(runA.result).toFixed(1)}%`, `${factsKept(runB.result).toFixed(1)}%`]);
    expect(abRow('passes').slice(0, 2)).toEqual(['1', '1']);
    // Cost beside retention (issue 28): each variant's compaction priced on the transcript's model, its basis said.
    await waitFor(() => expect(abRow('Compaction cost')[0]).toMatch(/^\$\d+\.\d{2,4}$/));
    expect(abRow('Compaction adds')[1]).toMatch(/^[+−±](\$\d+\.\d{2,4}| under \$0\.01)$/);
    expect(screen.getByTestId('ab-cost-basis').textContent).toMatch(/^Cost rows, with prompt caching: .* Cost: claude-opus-4-6 at @pydantic\/genai-prices [\d.]+ prices as of \d{4}-\d{2}-\d{2}\. After a compaction the next agent call reads only the system prompt and tools/);
    expect(contextTokensOf(runB.result)[1]).not.toBe(tokensTab.context[1]);

    // The inspector's views never showed anything else meanwhile.
    expect(tokensTabFigures()).toEqual(tokensTab);
    expect(retentionTabFigures()).toEqual(retentionTab);
    expect(seen.length).toBeGreaterThan(0);
    for (const shown of seen) expect(shown).toEqual(tokensTab);

    // Opened afresh after the A/B series (nothing cached), they ask the worker again and still get the inspector's run.
    cleanup();
    renderWithState(<InspectorViews />);
    await waitFor(() => expect(tokensTabFigures()).toEqual(tokensTab));
    await waitFor(() => expect(retentionTabFigures()).toEqual(retentionTab));
  });
});
