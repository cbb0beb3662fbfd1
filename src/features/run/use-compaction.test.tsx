// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { mockSpec, secretKey } from '../../providers/live/live-summarizer.test-support';
import { loadFixture, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { useRunStore } from '../../state/run-store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { useCompaction } from './use-compaction';

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
    expect(unwrap(await hanging)).toEqual({ ok: false, cancelled: true, message: 'Probing was cancelled.' });
    expect(useRunStore.getState()).toMatchObject({ status: 'done', resultId: expect.stringMatching(/^result-/) });
    expect(useRunStore.getState().resultId).not.toBe(probed);
  });
});
