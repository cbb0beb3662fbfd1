import { describe, expect, it } from 'vitest';
import type { RunResult } from '../engine';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import type { Transcript } from '../engine/transcript';
import { unwrap } from '../worker-client/reply';
import { createHeldResults, heldResultCapacity } from './held-results';
import { createLabApi } from './lab-api';

const transcript: Transcript = { id: 't', source: { format: 'plain-text' }, messages: [], markers: [], meta: {} };
const result = (profile: string): RunResult => ({ profile, success: true, cancelled: false, tokensBefore: 0, tokensAfter: 0, passes: [], summarizerCalls: 0, messages: [] });

describe('held results (the worker\'s results by id)', () => {
  it('gives each result its own id and drops the least recently used beyond the capacity', () => {
    const held = createHeldResults(2);
    const first = held.hold({ transcript, result: result('first'), config: {} });
    const second = held.hold({ transcript, result: result('second'), config: {} });
    expect(first).not.toBe(second);
    // Asking about the first makes the second the least recently used.
    expect(held.get(first)?.result.profile).toBe('first');
    const third = held.hold({ transcript, result: result('third'), config: {} });
    expect(held.get(second)).toBeUndefined();
    expect(held.get(first)?.result.profile).toBe('first');
    expect(held.get(third)?.result.profile).toBe('third');
  });

  it('never reuses an id of another worker\'s life, so a restarted worker cannot answer for an old result', () => {
    const ids = new Set([createHeldResults(), createHeldResults(), createHeldResults()].map((held) => held.hold({ transcript, result: result('x'), config: {} })));
    expect(ids.size).toBe(3);
  });
});

describe('a result the worker no longer holds', () => {
  it('answers with a clear error once newer runs pushed it out, while the newer ones still answer', async () => {
    const api = createLabApi();
    const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';
    const { transcriptKeys } = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const config = { profile: 'auto-compactor', force: true, keepRecentTokens: 300 };
    const ids: string[] = [];
    for (let run = 0; run <= heldResultCapacity; run += 1) ids.push(unwrap(await api.compact({ transcriptKey: transcriptKeys[0], config }, () => {})).resultId);
    expect(await api.measureRetention(ids[0])).toMatchObject({ ok: false, error: { code: 'unknown-result', message: "This run's result is no longer held by the worker; run compaction again." } });
    expect(await api.planProbes({ resultId: ids[0], pass: 1, options: { questions: 'facts', perKind: 1 }, encoding: 'o200k_base' })).toMatchObject({ ok: false, error: { code: 'unknown-result' } });
    expect((await api.measureRetention(ids[1])).ok).toBe(true);
    expect((await api.measureRetention(ids[heldResultCapacity])).ok).toBe(true);
  });
});
