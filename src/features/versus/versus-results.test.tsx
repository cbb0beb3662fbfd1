// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importText } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import { readFixture } from '../../engine/formats/fixture-files.test-support';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useProviderStore } from '../../state/provider-store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import type { VersusComparison } from '../../worker-client/versus-protocol';
import { VersusResults } from './versus-results';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const session = importText(readFixture(sessionFile), { fileName: sessionFile }).transcripts[0];

beforeEach(() => resetPage());
afterEach(cleanup);

/** The lab's comparison of `config` with the agent's compaction of the session, as the worker answers the page. */
async function comparison(config: ConfigDocument, runAnyway = false): Promise<VersusComparison> {
  const transcriptKey = unwrap(await labClient.importText(readFixture(sessionFile), sessionFile)).transcriptKeys[0];
  const outcome = unwrap(await labClient.compareWithAgent({ transcriptKey, config, runAnyway }));
  if (!outcome.compared) throw new Error(`expected a comparison: ${outcome.message}`);
  return outcome;
}

describe('VersusResults: what the profile’s run really did (issue 25)', () => {
  it('says a run that kept everything replaced nothing, in the engine’s words, before any figure', async () => {
    // keepRecentTokens over the whole context: auto-compactor's cut keeps every message and writes its summary beside them.
    const outcome = await comparison({ profile: 'auto-compactor', keepRecentTokens: 10_000_000, force: true }, true);
    renderWithState(<VersusResults outcome={outcome} transcript={session} isOffline onShowMessage={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^auto-compactor's output: replaced nothing: the history is as it was\. The run reported success but replaced nothing: no message of the history was summarized/);
  }, 60_000);

  it('says nothing more of a plain run', async () => {
    renderWithState(<VersusResults outcome={await comparison({ profile: 'auto-compactor' })} transcript={session} isOffline onShowMessage={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
  }, 60_000);
});

describe('VersusResults: added messages and the summary alone', () => {
  it('says which side holds messages added beside its summary, and scores each side’s summary alone', async () => {
    const outcome = await comparison({ profile: 'auto-compactor' });
    renderWithState(<VersusResults outcome={outcome} transcript={session} isOffline onShowMessage={() => undefined} />);
    expect(screen.getByText(/^Neither context holds messages added beside its summary/)).toBeTruthy();
    const agentSide = screen.getByRole('region', { name: "The agent's context after its compaction" });
    const summaryAlone = [...agentSide.querySelectorAll('dt')].find((term) => term.textContent === 'The summary alone')?.nextElementSibling?.textContent;
    const { summaryOnly, needed } = outcome.report.agent;
    expect(summaryAlone).toBe(`${(summaryOnly.needRetention * 100).toFixed(1)}% (${summaryOnly.kept} of ${needed} needed facts) in ${summaryOnly.tokens.toLocaleString('en-US')} tokens`);
  }, 60_000);
});

describe('VersusResults: cost beside retention (issue 28)', () => {
  /** One row of the cost table: the agent's side and the profile's. */
  const costRow = (id: string) => [...within(screen.getByRole('table', { name: 'Cost of each compaction' })).getAllByRole('row')].find((row) => row.getAttribute('data-cost') === id)?.textContent ?? '';

  it('prices each side as one compaction on the transcript’s model, the agent’s summarizer call unknown and the offline one free', async () => {
    const outcome = await comparison({ profile: 'auto-compactor' });
    renderWithState(<VersusResults outcome={outcome} transcript={session} isOffline onShowMessage={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('versus-cost-basis').textContent).toMatch(/^Cost: claude-opus-4-\d at @pydantic\/genai-prices [\d.]+ prices as of \d{4}-\d{2}-\d{2}\./));
    expect(costRow('summarizer')).toBe('Summarizer callsnot in the log: unknown$0.00 (offline summarizer)');
    // The session's writes are not split by lifetime: the 5-minute default, said.
    expect(screen.getByTestId('versus-cost-basis').textContent).toContain('Assumed: a 5-minute cache lifetime (Anthropic’s default; none of the session’s logged writes were for an hour)');
  }, 60_000);

  it('bills the agent’s side from its real next call’s logged cache read and write, and takes each difference from the figures shown', async () => {
    const outcome = await comparison({ profile: 'auto-compactor' });
    // $1 a million for every kind, so each figure is its token count. The fixture's compaction (before message 289) logged
    // 167,117 tokens before; its next call (message 290) read 21,496 from the cache and wrote 10,516.
    useProviderStore.getState().pricesEdited({ 'claude-opus-4-6': { inputPerMillion: 1, outputPerMillion: 1, cacheReadPerMillion: 1, cacheWritePerMillion: 1, cacheWriteHourPerMillion: 1 } });
    renderWithState(<VersusResults outcome={outcome} transcript={session} isOffline onShowMessage={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('versus-cost-basis').textContent).toMatch(/^Cost: claude-opus-4-6 at your prices\./));
    const cells = (id: string) => [...(screen.getByRole('table', { name: 'Cost of each compaction' }).querySelector(`tr[data-cost="${id}"]`)?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent ?? '');
    // (21,496 + 10,516) / 1M = $0.032012.
    expect(cells('rewrite')[0]).toBe('$0.0320 (logged)');
    expect(cells('without')).toEqual(['$0.1671', '$0.1671']);
    // $0.0320 − $0.1671, as shown.
    expect(cells('extra')[0]).toBe('−$0.1351 + its summarizer call (not in the log)');
    expect(screen.getByTestId('versus-cost-tokens').textContent).toContain('context before 167,117 (logged); the agent\'s next call logged 21,496 read from the cache and 10,516 written to the cache;');
    // The profile's side (offline: free) adds its rewrite less the same "without", from the same rounded figures.
    const rewrite = Number(cells('rewrite')[1].replace('$', ''));
    expect(cells('total')[1]).toBe(cells('rewrite')[1]);
    expect(cells('extra')[1]).toBe(`${rewrite >= 0.1671 ? '+' : '−'}$${Math.abs(rewrite - 0.1671).toFixed(4)}`);
  }, 60_000);

  it('reads a model with no price as cost unknown and says so', async () => {
    const outcome = await comparison({ profile: 'auto-compactor' });
    const unpriced = { ...session, meta: { ...session.meta, model: 'house-model-7' } };
    renderWithState(<VersusResults outcome={outcome} transcript={unpriced} isOffline onShowMessage={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('versus-cost-basis').textContent).toMatch(/^Cost unknown: no price for house-model-7/));
    expect(costRow('rewrite')).toBe('Next call’s cache rewritecost unknowncost unknown');
  }, 60_000);
});
