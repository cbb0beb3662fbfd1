import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import type { RunPrediction } from '../worker-client/protocol';
import { createLabApi } from './lab-api';

const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';

async function imported() {
  const api = createLabApi();
  const response = await api.importText(readFixture(toolHeavy), toolHeavy);
  return { api, runKey: response.runKeys[0] };
}

function prediction(value: RunPrediction | { cancelled: true }): RunPrediction {
  if ('cancelled' in value) throw new Error('unexpectedly cancelled');
  return value;
}

describe('predictRun (driven through the lab API)', () => {
  it('predicts compaction under a small window and none under a large one, with the gate the engine used', async () => {
    const { api, runKey } = await imported();
    const small = prediction(await api.predictRun(runKey, { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 }));
    expect(small.error).toBeUndefined();
    expect(small.shouldCompact).toBe(true);
    expect(small.threshold).toBe(3500);
    expect(small.limits).toMatchObject({ window: 4000, reserve: 500, trigger: 3500, triggerRule: 'window − reserve' });
    expect(small.passes).toBeGreaterThan(0);
    expect(small.tokensAfter).toBeLessThan(small.tokens);

    const large = prediction(await api.predictRun(runKey, { profile: 'auto-compactor', window: 1_000_000 }));
    expect(large.shouldCompact).toBe(false);
    expect(large.passes).toBe(0);
  });

  it('says when the ratio rule fires first', async () => {
    const { api, runKey } = await imported();
    const result = prediction(await api.predictRun(runKey, { profile: 'unified', window: 100_000, reserveTokens: 1000, triggerRatio: 0.5 }));
    expect(result.limits).toMatchObject({ trigger: 50_000, triggerRule: 'ratio × window', triggerRatio: 0.5, hardLimit: 75_000 });
    expect(result.threshold).toBe(50_000);
  });

  it('reports two-tier thresholds after adaptation to the window, and rolling-summary its own trigger', async () => {
    const { api, runKey } = await imported();
    const twoTier = prediction(await api.predictRun(runKey, { profile: 'two-tier', contextWindow: 40_000 }));
    expect(twoTier.limits).toMatchObject({ window: 40_000, trigger: 26_000, triggerRule: '65% of the window', hardLimit: 30_000 });
    const rolling = prediction(await api.predictRun(runKey, { profile: 'rolling-summary', summariseAtTokens: 1234 }));
    expect(rolling.limits).toMatchObject({ trigger: 1234, triggerRule: 'summariseAtTokens' });
  });

  it('names the bad field of an invalid config instead of running', async () => {
    const { api, runKey } = await imported();
    const result = prediction(await api.predictRun(runKey, { profile: 'auto-compactor', window: 'big' }));
    expect(result.error).toMatch(/window/);
    expect(result.passes).toBe(0);
  });

  it('resolves an older prediction as cancelled when a newer one starts', async () => {
    const { api, runKey } = await imported();
    const older = api.predictRun(runKey, { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 });
    const newer = api.predictRun(runKey, { profile: 'auto-compactor', window: 5000, reserveTokens: 500, keepRecentTokens: 800 });
    expect(await older).toEqual({ cancelled: true });
    expect(prediction(await newer).threshold).toBe(4500);
  });
});
