// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReplayCompaction } from './open-replay-compaction';
import { loadFixture, resetPage } from './render-with-state.test-support';
import { openReplayedCompaction, replayedConfig, replayedFixture } from './replay-compaction.test-support';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { useRunStore } from './run-store';
import { useLabStore } from './store';
import { useInspection } from './use-inspection';
import { useRunFigures } from './use-run-figures';

vi.mock('../worker-client/lab-client', () => import('./in-process-lab-client.test-support'));

/** The session's exact total (system prompt included), as the header states it. */
function sessionTotal(): number {
  return useLabStore.getState().tokenSummary?.total ?? 0;
}

beforeEach(resetPage);
afterEach(cleanup);

describe('opening a replayed compaction in the inspector', () => {
  it('says a rolling summary\u2019s compaction read the whole history up to there, not the replayed context', async () => {
    const { transcriptKey } = await loadFixture(replayedFixture);
    const outcome = unwrap(await labClient.replaySession({ transcriptKey, config: { profile: 'rolling-summary', keepVerbatim: 1, summariseAtTokens: 50 }, encoding: 'o200k_base' }));
    expect(outcome.report.compactionInput).toBe('history');
    await act(() => openReplayCompaction(outcome.replayId, 1));
    const atMessage = outcome.report.compactions[0].atMessage;
    expect(useRunStore.getState().openedContext?.label).toBe(`Compaction 1 of the session replay (rolling-summary) — its input is the session\u2019s whole history up to message ${atMessage + 1}`);
    expect(useRunStore.getState().openedContext?.transcript.messages.length).toBe(outcome.report.steps.findIndex((step) => step.atMessage === atMessage) + 1);
  });

  it('shows its run with its input context standing in for the session, until another transcript comes on screen', async () => {
    const { session, transcriptKey, replayId, atMessage } = await openReplayedCompaction(1);
    const inspection = renderHook(() => useInspection());
    const shown = inspection.result.current;
    expect(shown.transcriptKey).toBe(`${replayId}/compaction-1`);
    expect(shown.transcript?.source.runLabel).toBe('compaction 1 of the replay');
    expect(shown.transcript?.messages).not.toHaveLength(session.messages.length);
    expect(shown.session).toBe(session);
    expect(shown.sessionKey).toBe(transcriptKey);
    expect(shown).toMatchObject({ hasRun: true, isRunning: false, runConfig: replayedConfig });
    expect(shown.result?.exact?.before).toBeDefined();
    expect(shown.pass).toBe(shown.result?.passes.length);
    expect(shown.openedContext?.label).toBe(`Compaction 1 of the session replay (two-tier) — its input is the context at message ${atMessage + 1}`);

    // Every figure of the run is the context's: its original is the context's own exact count, not the session's.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const figures = renderHook(() => useRunFigures(), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    expect(figures.result.current.states[0].content).toBe(shown.result?.exact?.before);
    expect(figures.result.current.states[0].content).toBeLessThan(sessionTotal());

    const other = await loadFixture('gemini-cli__session-01.json');
    inspection.rerender();
    expect(inspection.result.current).toMatchObject({ transcriptKey: other.transcriptKey, transcript: other.transcript, hasRun: false, openedContext: undefined });
  });

  it('is forgotten by a new run and when the run is cleared', async () => {
    const { transcriptKey, replayId } = await openReplayedCompaction(1);
    expect(useRunStore.getState().openedContext?.ordinal).toBe(1);
    act(() => useRunStore.getState().runStarted(transcriptKey, replayedConfig, 'o200k_base', 0));
    expect(useRunStore.getState().openedContext).toBeUndefined();
    await act(() => openReplayCompaction(replayId, 1));
    act(() => useRunStore.getState().runCleared());
    expect(useRunStore.getState().openedContext).toBeUndefined();
  });

  it('drops an answer that arrives after another transcript came on screen, and says so: nothing was opened', async () => {
    const { transcriptKey } = await loadFixture(replayedFixture);
    const { replayId } = unwrap(await labClient.replaySession({ transcriptKey, config: replayedConfig, encoding: 'o200k_base' }));
    const imported = useLabStore.getState().imported;
    if (!imported) throw new Error('the fixture is loaded');
    const asked = openReplayCompaction(replayId, 1);
    // Another transcript comes on screen while the worker answers.
    act(() => useLabStore.getState().loadSucceeded('another.jsonl', { ...imported, transcriptKeys: ['import-other/run-0'] }));
    await expect(asked).resolves.toBe(false);
    expect(useRunStore.getState().result).toBeUndefined();
    expect(useRunStore.getState().openedContext).toBeUndefined();
    act(() => useLabStore.getState().loadSucceeded(replayedFixture, imported));
    await expect(openReplayCompaction(replayId, 1)).resolves.toBe(true);
    expect(useRunStore.getState().openedContext).toMatchObject({ replayId, ordinal: 1 });
  });

  it('rejects with the worker’s words when the replay is no longer held', async () => {
    await loadFixture(replayedFixture);
    await expect(openReplayCompaction('replay-gone-1', 1)).rejects.toThrow('This replay is no longer held by the worker; replay again.');
    expect(useRunStore.getState().result).toBeUndefined();
  });
});
