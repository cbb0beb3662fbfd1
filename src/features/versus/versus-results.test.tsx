// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importText } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import { readFixture } from '../../engine/formats/fixture-files.test-support';
import { renderWithState } from '../../state/render-with-state.test-support';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import type { VersusComparison } from '../../worker-client/versus-protocol';
import { VersusResults } from './versus-results';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const session = importText(readFixture(sessionFile), { fileName: sessionFile }).transcripts[0];

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
    expect(costRow('summarizer')).toBe("Summarizer callsnot in the log: unknown$0 (offline summarizer)");
    expect(costRow('rewrite')).toMatch(/^The next call's input.*\$[\d.]+\$[\d.]+$/);
    // The agent's compaction has no logged summarizer cost: its total says what is known and what is not, never a bare $0.
    expect(costRow('total')).toMatch(/^Cost of the compaction\$[\d.]+ \+ its summarizer call \(not in the log\)\$[\d.]+$/);
  }, 60_000);

  it('reads a model with no price as cost unknown and says so', async () => {
    const outcome = await comparison({ profile: 'auto-compactor' });
    const unpriced = { ...session, meta: { ...session.meta, model: 'house-model-7' } };
    renderWithState(<VersusResults outcome={outcome} transcript={unpriced} isOffline onShowMessage={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('versus-cost-basis').textContent).toMatch(/^Cost unknown: no price for house-model-7/));
    expect(costRow('rewrite')).toBe("The next call's input: the cached head read, the rest written to the cache againcost unknowncost unknown");
  }, 60_000);
});
