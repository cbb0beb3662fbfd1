import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import type { WorkerReply } from '../worker-client/protocol';
import type { RunPrediction } from '../worker-client/run-protocol';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from '../worker/lab-api';

const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';

async function imported() {
  const api = createLabApi();
  const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
  return { api, transcriptKey: response.transcriptKeys[0] };
}

function prediction(reply: WorkerReply<RunPrediction>): RunPrediction {
  return unwrap(reply);
}

describe('predictRun (driven through the lab API)', () => {
  it('predicts compaction under a small window and none under a large one, with the gate the engine used', async () => {
    const { api, transcriptKey } = await imported();
    const small = prediction(await api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 }, 'o200k_base'));
    expect(small.error).toBeUndefined();
    expect(small.shouldCompact).toBe(true);
    expect(small.threshold).toBe(3500);
    expect(small.limits).toMatchObject({ window: 4000, reserve: 500, trigger: 3500, triggerRule: 'window − reserve' });
    expect(small.passes).toBeGreaterThan(0);
    expect(small.tokensAfter).toBeLessThan(small.tokens);

    const large = prediction(await api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 1_000_000 }, 'o200k_base'));
    expect(large.shouldCompact).toBe(false);
    expect(large.passes).toBe(0);
  });

  it('counts the transcript and the predicted output exactly beside the gate’s estimate, and predicts impossible settings anyway while listing them', async () => {
    const { api, transcriptKey } = await imported();
    const small = prediction(await api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 }, 'cl100k_base'));
    // The gate saw the logged usage (27,666) plus the tail; the transcript itself holds 2,394 cl100k tokens.
    expect(small.tokens).toBeGreaterThan(27_666);
    expect(small.exact).toMatchObject({ encoding: 'cl100k_base', before: 2394 });
    expect(small.settingsProblems).toEqual([]);
    const impossible = prediction(await api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 3000 }, 'o200k_base'));
    expect(impossible.settingsProblems.map((problem) => problem.fields)).toEqual([['reserveTokens', 'window']]);
    expect(impossible.passes).toBeGreaterThan(0);
    expect(impossible.exact?.before).toBe(2390);
  });

  it('says when the ratio rule fires first', async () => {
    const { api, transcriptKey } = await imported();
    const result = prediction(await api.predictRun(transcriptKey, { profile: 'unified', window: 100_000, reserveTokens: 1000, triggerRatio: 0.5 }, 'o200k_base'));
    expect(result.limits).toMatchObject({ trigger: 50_000, triggerRule: 'ratio × window', triggerRatio: 0.5, hardLimit: 75_000 });
    expect(result.threshold).toBe(50_000);
  });

  it('reports two-tier thresholds after adaptation to the window, and rolling-summary its own trigger', async () => {
    const { api, transcriptKey } = await imported();
    const twoTier = prediction(await api.predictRun(transcriptKey, { profile: 'two-tier', contextWindow: 40_000 }, 'o200k_base'));
    expect(twoTier.limits).toMatchObject({ window: 40_000, trigger: 26_000, triggerRule: '65% of the window', hardLimit: 30_000 });
    const rolling = prediction(await api.predictRun(transcriptKey, { profile: 'rolling-summary', summariseAtTokens: 1234 }, 'o200k_base'));
    expect(rolling.limits).toMatchObject({ trigger: 1234, triggerRule: 'summariseAtTokens' });
  });

  it('names the bad field of an invalid config instead of running', async () => {
    const { api, transcriptKey } = await imported();
    const result = prediction(await api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 'big' }, 'o200k_base'));
    expect(result.error).toMatch(/window/);
    expect(result.passes).toBe(0);
  });

  it('resolves an older prediction as cancelled when a newer one starts', async () => {
    const { api, transcriptKey } = await imported();
    const older = api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 }, 'o200k_base');
    const newer = api.predictRun(transcriptKey, { profile: 'auto-compactor', window: 5000, reserveTokens: 500, keepRecentTokens: 800 }, 'o200k_base');
    expect(await older).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(prediction(await newer).threshold).toBe(4500);
  });
});
