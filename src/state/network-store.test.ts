import { describe, expect, it } from 'vitest';
import { useNetworkStore } from './network-store';

describe('the network store', () => {
  it('records each entry at the time its caller gives, in order, probe steps in place of the rung', () => {
    const call = { role: 'main', provider: 'openai', model: 'gpt-4o', host: 'api.openai.com', status: 200, ok: true, aborted: false, durationMs: 40, costUsd: null, hasKey: true } as const;
    useNetworkStore.getState().cleared();
    useNetworkStore.getState().callRecorded(call, 1_000);
    useNetworkStore.getState().callRecorded(call, 2_000, 'grade');
    useNetworkStore.getState().listRequested({ host: 'api.openai.com', status: 401, durationMs: 5, hasKey: false }, false, 3_000, 'unauthorized');
    const entries = useNetworkStore.getState().entries;
    expect(entries.map((entry) => [entry.at, entry.purpose, entry.role])).toEqual([[1_000, 'summary', 'main'], [2_000, 'probe', 'grade'], [3_000, 'model list', undefined]]);
    expect(entries[2]).toMatchObject({ ok: false, error: 'unauthorized', status: 401 });
  });
});
