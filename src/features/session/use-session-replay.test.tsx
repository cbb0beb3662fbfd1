// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { mockSpec, secretKey } from '../../providers/live/live-summarizer.test-support';
import { useConfigStore } from '../../state/config-store';
import { useProviderStore } from '../../state/provider-store';
import { loadFixture, resetPage } from '../../state/render-with-state.test-support';
import type { ReplayProgress } from '../../worker-client/replay-protocol';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { useSessionStore, type PolicyReplay } from './session-store';
import { useSessionReplay } from './use-session-replay';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

/** The short tool-heavy session, and a config whose gate fires on it within a few messages (so a summarizer is asked). */
const toolHeavy = 'claude-code__tool_heavy.jsonl';
const firesEarly = { profile: 'auto-compactor', window: 3000, reserveTokens: 750, keepRecentTokens: 1125 };

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => {
  resetPage();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  mock.reset();
});
afterEach(() => vi.restoreAllMocks());

/** Summarizes with a live model the mock never answers, until the request is closed. */
async function summarizeWithHangingModel(): Promise<void> {
  unwrap(await labClient.setProviderKey('openai', secretKey));
  const spec = mockSpec(mock.url, 'openai', 'mock-hang');
  useProviderStore.setState({ mode: 'live', rungs: { smol: { provider: 'none', model: '', baseURL: '' }, main: { ...spec, baseURL: spec.baseURL ?? '' } } });
}

const hangingRequests = () => mock.requests.filter((request) => request.model === 'mock-hang');

describe('useSessionReplay (one latest() series of starts)', () => {
  it('Cancel stops every running replay of the start, A and B, and their reports of the steps up to then land', async () => {
    await loadFixture(toolHeavy);
    act(() => useConfigStore.getState().configEdited(JSON.stringify(firesEarly)));
    await summarizeWithHangingModel();
    act(() => useSessionStore.getState().comparingChosen(true));
    const { result } = renderHook(() => useSessionReplay());
    let started: Promise<void> = Promise.resolve();
    act(() => {
      started = result.current.start();
    });
    await expect.poll(() => hangingRequests().length, { timeout: 20_000 }).toBe(2);
    act(() => result.current.cancel());
    await act(() => started);
    const { a, b } = useSessionStore.getState().replays;
    for (const replay of [a, b]) expect(replay).toMatchObject({ status: 'done', report: { cancelled: true } });
    await expect.poll(() => hangingRequests().every((request) => request.closedEarly)).toBe(true);
  });

  it('a newer start supersedes the running one: it is stopped, and none of its late progress or answers ever lands', async () => {
    await loadFixture(toolHeavy);
    act(() => useConfigStore.getState().configEdited(JSON.stringify(firesEarly)));
    await summarizeWithHangingModel();
    // Which start's replay sent each progress the store receives (1: the older, 2: the newer).
    const sentBy = new WeakMap<ReplayProgress, number>();
    const replaySession = labClient.replaySession;
    let starts = 0;
    vi.spyOn(labClient, 'replaySession').mockImplementation((request, onProgress, ...rest) => {
      const start = (starts += 1);
      const tagged = onProgress && ((progress: ReplayProgress) => {
        sentBy.set(progress, start);
        onProgress(progress);
      });
      return replaySession(request, tagged, ...rest);
    });
    const { result } = renderHook(() => useSessionReplay());
    // Every state policy A's replay goes through, from the first start on.
    const seen: PolicyReplay[] = [];
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (state.replays.a && state.replays.a !== seen.at(-1)) seen.push(state.replays.a);
    });
    let older: Promise<void> = Promise.resolve();
    act(() => {
      older = result.current.start();
    });
    await expect.poll(() => hangingRequests().length, { timeout: 20_000 }).toBe(1);
    // The newer start summarizes offline, so it finishes on its own.
    act(() => useProviderStore.setState({ mode: 'offline' }));
    const marked = seen.length;
    await act(() => result.current.start());
    await act(() => older);
    unsubscribe();
    await expect.poll(() => hangingRequests()[0]?.closedEarly).toBe(true);
    const newer = seen.slice(marked);
    // From the newer start on, policy A is the newer replay's: running (offline) from the first message, then done.
    expect(newer[0]).toMatchObject({ status: 'running', isOffline: true });
    expect(newer.at(-1)).toMatchObject({ status: 'done', isOffline: true, report: { cancelled: false } });
    expect(newer.every((replay) => replay.report?.cancelled !== true && (replay.progress === undefined || sentBy.get(replay.progress) === 2))).toBe(true);
    expect(newer.filter((replay) => replay.progress !== undefined).length).toBeGreaterThan(0);
  });

  it('prices an offline replay with the user’s overrides: the agent’s logged bill follows the price the user set', async () => {
    await loadFixture(toolHeavy);
    act(() => useConfigStore.getState().configEdited(JSON.stringify(firesEarly)));
    const { result } = renderHook(() => useSessionReplay());
    await act(() => result.current.start());
    const catalog = useSessionStore.getState().replays.a?.cost?.agent.loggedUsd;
    expect(catalog).toBeGreaterThan(0);
    // Every kind at ten times a dollar a million: far from the catalog's price for the session's model.
    const price = { inputPerMillion: 10, outputPerMillion: 10, cacheReadPerMillion: 10, cacheWritePerMillion: 10, cacheWriteHourPerMillion: 10 };
    act(() => useProviderStore.getState().pricesEdited({ 'claude-opus-4-6': price }));
    await act(() => result.current.start());
    const replay = useSessionStore.getState().replays.a;
    expect(replay?.isOffline).toBe(true);
    expect(replay?.cost?.agent.loggedUsd).not.toBeCloseTo(catalog ?? 0, 6);
    expect(replay?.cost?.assumptions.join(' ')).toContain('your prices for claude-opus-4-6');
  });
});
