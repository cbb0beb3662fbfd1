import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { mockSpec, secretKey } from '../providers/live/live-summarizer.test-support';
import type { CompactProviders } from '../worker-client/protocol';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';

const session = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';
// A window small enough that the session needs one summarization pass; backoff of 1 ms keeps retries instant.
const config = { profile: 'auto-compactor', window: 60000, baseBackoffMs: 1 };

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function importSession(api: LabWorkerApi): Promise<string> {
  const response = unwrap(await api.importText(readFixture(session), session));
  return response.transcriptKeys[0];
}

const compatible = (smol: string, main = 'mock-ok'): CompactProviders => ({
  smol: mockSpec(mock.url, 'openai-compatible', smol),
  main: mockSpec(mock.url, 'openai-compatible', main),
});

describe('provider keys in the worker', () => {
  it('shows only a masked last four, and forgets keys when cleared', async () => {
    const api = createLabApi();
    await api.setProviderKey('openai', secretKey);
    await api.setProviderKey('anthropic', 'sk-ant-abcd1234');
    expect(unwrap(await api.listProviderKeys())).toEqual([
      { provider: 'openai', last4: `••••${secretKey.slice(-4)}` },
      { provider: 'anthropic', last4: '••••1234' },
    ]);
    expect(JSON.stringify(unwrap(await api.listProviderKeys()))).not.toContain(secretKey);
    await api.setProviderKey('anthropic', null);
    expect((unwrap(await api.listProviderKeys())).map((entry) => entry.provider)).toEqual(['openai']);
    await api.clearProviderKeys();
    expect(unwrap(await api.listProviderKeys())).toEqual([]);
  });
});

describe('live compaction in the worker (against the mock provider)', () => {
  it('streams deltas and priced call records with the held key, which never comes back to the page', async () => {
    const api = createLabApi();
    await api.setProviderKey('openai-compatible', secretKey);
    const transcriptKey = await importSession(api);
    const deltas: string[] = [];
    const calls: LiveCallRecord[] = [];
    const events: unknown[] = [];
    const { result } = unwrap(await api.compact({ transcriptKey, config, providers: compatible('gpt-4o-mini') }, (event) => events.push(event), (text) => deltas.push(text), (call) => calls.push(call)));
    expect(result).toMatchObject({ success: true, cancelled: false });
    expect(deltas.join('').length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ role: 'smol', provider: 'openai-compatible', model: 'gpt-4o-mini', status: 200, ok: true, hasKey: true, costUsd: expect.any(Number) });
    expect(mock.requests.every((request) => request.authorization === `Bearer ${secretKey}`)).toBe(true);
    expect(JSON.stringify({ result, events, calls, deltas })).not.toContain(secretKey);
  });

  it('prices smol at the catalog’s price of its model and main at the user’s override (issue 28)', async () => {
    const api = createLabApi();
    const transcriptKey = await importSession(api);
    const calls: LiveCallRecord[] = [];
    // claude-haiku-4-5 is in the catalog ($1 in, $5 out); mock-ok only in the user's overrides, at $1 an input token.
    const prices = { 'mock-ok': { inputPerMillion: 1_000_000, outputPerMillion: 0 } };
    unwrap(await api.compact({ transcriptKey, config, providers: compatible('claude-haiku-4-5'), prices }, () => undefined, undefined, (call) => calls.push(call)));
    const smol = calls.find((call) => call.model === 'claude-haiku-4-5' && call.ok);
    expect(smol?.costUsd).toBeCloseTo(((smol?.usage?.inputTokens ?? Number.NaN) * 1 + (smol?.usage?.outputTokens ?? Number.NaN) * 5) / 1_000_000, 12);
    const overridden = unwrap(await api.compact({ transcriptKey, config, providers: { main: mockSpec(mock.url, 'openai-compatible', 'mock-ok') }, prices }, () => undefined, undefined, (call) => calls.push(call)));
    expect(overridden.result.success).toBe(true);
    const main = calls.find((call) => call.model === 'mock-ok' && call.ok);
    expect(main?.costUsd).toBe(main?.usage?.inputTokens);
  });

  it('retries smol after two 503s and then succeeds', async () => {
    const api = createLabApi();
    const transcriptKey = await importSession(api);
    const calls: LiveCallRecord[] = [];
    const retries: number[] = [];
    const { result } = unwrap(await api.compact(
      { transcriptKey, config, providers: compatible('mock-503x2') },
      (event) => {
        if (event.type === 'attempt-retry') retries.push(event.attempt);
      },
      undefined,
      (call) => calls.push(call),
    ));
    expect(result.success).toBe(true);
    expect(retries).toEqual([1, 2]);
    expect(calls.slice(0, 3).map((call) => [call.model, call.status])).toEqual([
      ['mock-503x2', 503],
      ['mock-503x2', 503],
      ['mock-503x2', 200],
    ]);
  });

  it('refuses a hosted provider without a key, naming it, before calling anything', async () => {
    const api = createLabApi();
    const transcriptKey = await importSession(api);
    const events: string[] = [];
    const providers = { main: mockSpec(mock.url, 'anthropic', 'mock-ok') };
    const { result } = unwrap(await api.compact({ transcriptKey, config, providers }, (event) => events.push(event.type)));
    expect(result).toMatchObject({ success: false, cancelled: false, error: { code: 'missing-key', message: expect.stringContaining('anthropic') } });
    expect(events).toEqual(['run-error']);
    expect(mock.requests).toHaveLength(0);
  });

  it('cancels mid-stream: the run resolves as cancelled and the HTTP request is closed', async () => {
    const api = createLabApi();
    const transcriptKey = await importSession(api);
    let sawDelta!: () => void;
    const firstDelta = new Promise<void>((resolve) => {
      sawDelta = resolve;
    });
    const running = api.compact({ transcriptKey, config, providers: compatible('mock-slow') }, () => {}, () => sawDelta());
    await firstDelta;
    await api.cancelCompaction();
    expect(unwrap(await running).result).toMatchObject({ success: false, cancelled: true });
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-slow', closedEarly: true }));
  });

  it('lets a newer compaction supersede one waiting on a hung provider', async () => {
    const api = createLabApi();
    const transcriptKey = await importSession(api);
    const older = api.compact({ transcriptKey, config, providers: compatible('mock-hang') }, () => {});
    await vi.waitFor(() => expect(mock.requests).toHaveLength(1));
    const newer = api.compact({ transcriptKey, config: { profile: 'rolling-summary' } }, () => {});
    expect(unwrap(await older).result).toMatchObject({ cancelled: true });
    expect(unwrap(await newer).result).toMatchObject({ success: true });
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-hang', closedEarly: true }));
  });
});

describe('testConnection from the worker', () => {
  it('lists the mock\'s models in each wire format with the held key', async () => {
    const api = createLabApi();
    await api.setProviderKey('anthropic', secretKey);
    await api.setProviderKey('google', secretKey);
    for (const provider of ['openai-compatible', 'anthropic', 'google'] as const) {
      const result = unwrap(await api.testConnection(mockSpec(mock.url, provider, 'mock-ok')));
      expect(result).toMatchObject({ ok: true, models: expect.arrayContaining(['mock-ok', 'mock-hang']) });
    }
    expect(mock.requests.map((request) => [request.method, request.path])).toEqual([
      ['GET', '/v1/models'],
      ['GET', '/v1/models'],
      ['GET', '/v1beta/models'],
    ]);
    expect(mock.requests.slice(1).every((request) => request.authorization === secretKey)).toBe(true);
  });

  it('says a closed port refused the connection', async () => {
    const closed = await startMockLlm({ port: 0 });
    await closed.close();
    const result = unwrap(await createLabApi().testConnection({ provider: 'openai-compatible', model: 'x', baseURL: `${closed.url}/v1` }));
    expect(result).toMatchObject({ ok: false, problem: 'refused', message: expect.stringContaining('connection refused') });
  });
});
