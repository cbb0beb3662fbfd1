import { describe, expect, it } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { VersusProgress } from '../worker-client/versus-protocol';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';

const session = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

async function imported(api: LabWorkerApi, name: string): Promise<string> {
  return unwrap(await api.importText(readFixture(name), name)).transcriptKeys[0];
}

describe('compareWithAgent in the lab worker API', () => {
  it('compares the imported transcript at its compaction, forwarding the profile run’s light events', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api, session);
    const events: VersusProgress['type'][] = [];
    const outcome = unwrap(await api.compareWithAgent({ transcriptKey, config: { profile: 'rolling-summary' }, encoding: 'cl100k_base' }, (event) => events.push(event.type)));
    if (!outcome.compared) throw new Error(outcome.message);
    expect(outcome.report.boundary).toMatchObject({ index: 1, atMessage: 288 });
    expect(outcome.report.basis.encoding).toBe('cl100k_base');
    expect(outcome.run).toMatchObject({ profile: 'rolling-summary', success: true, compacted: true });
    expect(events).toContain('pass-start');
    // A pass's snapshot and the run's result carry whole message lists: they stay in the worker.
    expect(events).not.toContain('pass-end');
    expect(events).not.toContain('run-end');
  });

  it('refuses a transcript without a compaction by the agent in words, as the reply’s error', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api, 'claude-code__tool_heavy.jsonl');
    const outcome = await api.compareWithAgent({ transcriptKey, config: {} });
    expect(outcome).toEqual({ ok: false, error: { code: 'no-compaction', message: expect.stringMatching(/^this transcript holds no compaction by the agent: /), isRetryable: false } });
  });

  it('answers an unknown transcript key as an error, never a throw', async () => {
    const api = createLabApi();
    expect(await api.compareWithAgent({ transcriptKey: 'import-9/run-0', config: {} })).toMatchObject({ ok: false, error: { code: 'unknown-transcript' } });
  });

  it('refuses a hosted provider without a key before anything runs, as compact does', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api, session);
    const events: VersusProgress[] = [];
    const providers = { main: { provider: 'anthropic' as const, model: 'claude-haiku-4-5' } };
    const outcome = unwrap(await api.compareWithAgent({ transcriptKey, config: { profile: 'auto-compactor' }, providers }, (event) => events.push(event)));
    expect(outcome).toMatchObject({ compared: false, compactions: [{ ordinal: 1 }], run: { success: false, passes: 0, error: { code: 'missing-key' } } });
    expect(events).toEqual([]);
  });

  it('stops the running comparison on cancelVersus: it answers with the one cancel, nothing compared', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api, session);
    const running = api.compareWithAgent({ transcriptKey, config: { profile: 'auto-compactor' } });
    unwrap(await api.cancelVersus());
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});
