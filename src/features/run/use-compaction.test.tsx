// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { mockSpec, secretKey } from '../../providers/live/live-summarizer.test-support';
import { loadFixture, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { useRunStore } from '../../state/run-store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { useProviderStore } from '../../state/provider-store';
import { useConfigStore } from '../../state/config-store';
import { useCompaction, useRunFollowsTranscript } from './use-compaction';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const session = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const truncating = { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' };

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => {
  resetPage();
  mock.reset();
});

describe('useCompaction', () => {
  it('stops a probe run of the shown result when the inspector starts a newer compaction, and shows the newer run by its own id', async () => {
    await loadFixture(session);
    await runOnPage(truncating);
    const probed = useRunStore.getState().resultId;
    expect(probed).toBeDefined();
    unwrap(await labClient.setProviderKey('openai', secretKey));
    const hanging = labClient.runProbes({ resultId: probed ?? '', pass: 1, options: { questions: 'facts', perKind: 1 }, provider: mockSpec(mock.url, 'openai', 'mock-hang') }, () => undefined);
    await expect.poll(() => mock.requests.filter((request) => request.model === 'mock-hang').length).toBe(1);
    const { result } = renderHook(() => useCompaction());
    await act(() => result.current.start());
    expect(await hanging).toEqual({ ok: false, error: { code: 'cancelled', message: 'Probing was cancelled.', isRetryable: false } });
    expect(useRunStore.getState()).toMatchObject({ status: 'done', resultId: expect.stringMatching(/^result-/) });
    expect(useRunStore.getState().resultId).not.toBe(probed);
  });

  it('stops a running compaction when a replay\u2019s compaction is opened in its place, so its late answer never lands', async () => {
    const loaded = await loadFixture(session);
    unwrap(await labClient.setProviderKey('openai', secretKey));
    const spec = mockSpec(mock.url, 'openai', 'mock-hang');
    useProviderStore.setState({ mode: 'live', rungs: { smol: { ...spec, baseURL: spec.baseURL ?? '' }, main: { ...spec, baseURL: spec.baseURL ?? '' } } });
    useConfigStore.getState().configEdited(JSON.stringify({ schemaVersion: 1, profile: 'auto-compactor', window: 200_000, force: true, maxAttempts: 1 }));
    renderHook(() => useRunFollowsTranscript());
    const { result } = renderHook(() => useCompaction());
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.start();
    });
    await expect.poll(() => mock.requests.filter((request) => request.model === 'mock-hang').length).toBe(1);
    const opened = { transcript: loaded.transcript, transcriptKey: 'opened-context', ofTranscriptKey: loaded.transcriptKey, replayId: 'replay-x', ordinal: 1, atMessage: 3, profile: 'auto-compactor', label: 'Compaction 1' };
    const shown = { profile: 'auto-compactor', success: true, cancelled: false, tokensBefore: 1, tokensAfter: 1, passes: [], summarizerCalls: 0, messages: [] };
    act(() => useRunStore.getState().replayCompactionOpened(opened, { resultId: 'result-opened', result: shown }, {}, 'o200k_base', Date.now()));
    await act(() => running);
    expect(useRunStore.getState()).toMatchObject({ resultId: 'result-opened', status: 'done', openedContext: { replayId: 'replay-x' } });
  });
});
