import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';

const session = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-b295')) ?? '';
const pinned = { profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'git', operative: ['Never force-push.'] }] };
const truncating = { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' };

describe('measureRetention in the lab worker API', () => {
  it('measures the result it is asked about, with the pinned lines of the config that result ran with', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(session), session));
    const transcriptKey = response.transcriptKeys[0];

    const pinnedRun = unwrap(await api.compact({ transcriptKey, config: pinned }, () => {}));
    const measured = unwrap(await api.measureRetention(pinnedRun.resultId));
    expect(measured.map((pass) => pass.pass)).toEqual(pinnedRun.result.passes.map((pass) => pass.pass));
    expect(measured[0].cumulative.pinned).toEqual({ total: 1, kept: 1, lost: [] });
    expect(measured[0].cumulative.total).toBeGreaterThan(0);

    // A newer compaction has its own id: its truncation loses facts and it pins nothing.
    const truncatingRun = unwrap(await api.compact({ transcriptKey, config: truncating }, () => {}));
    expect(truncatingRun.resultId).not.toBe(pinnedRun.resultId);
    const truncated = unwrap(await api.measureRetention(truncatingRun.resultId));
    expect(truncated[0].cumulative.pinned.total).toBe(0);
    expect(truncated[0].cumulative.lost.length).toBeGreaterThan(0);
    expect(truncated[0].cumulative.lost[0]).toEqual({ category: expect.any(String), text: expect.any(String), sourceMessageId: expect.any(String) });
  });

  it('keeps an A/B run and the inspector\'s run side by side: each id answers for its own result, even after a newer run finished', async () => {
    const api = createLabApi();
    const { transcriptKeys } = unwrap(await api.importText(readFixture(session), session));
    const transcriptKey = transcriptKeys[0];
    const shown = unwrap(await api.compact({ transcriptKey, config: pinned }, () => {}));
    const variant = unwrap(await api.compact({ transcriptKey, config: truncating }, () => {}));
    // Yet another run finished after both: it changes neither answer.
    await api.compact({ transcriptKey, config: { profile: 'rolling-summary' } }, () => {});
    const inspector = unwrap(await api.measureRetention(shown.resultId));
    expect(inspector.map((pass) => pass.pass)).toEqual(shown.result.passes.map((pass) => pass.pass));
    expect(inspector[0].cumulative.pinned.total).toBe(1);
    expect(unwrap(await api.measureRetention(variant.resultId))[0].cumulative.pinned.total).toBe(0);
    expect(unwrap(await api.breakdownPasses({ resultId: shown.resultId }, 'o200k_base')).map((breakdown) => breakdown.pass)).toEqual([0, ...shown.result.passes.map((pass) => pass.pass)]);
    expect(unwrap(await api.breakdownPasses({ resultId: variant.resultId }, 'o200k_base')).map((breakdown) => breakdown.pass)).toEqual([0, ...variant.result.passes.map((pass) => pass.pass)]);
    expect(unwrap(await api.breakdownPasses({ transcriptKey }, 'o200k_base')).map((breakdown) => breakdown.pass)).toEqual([0]);
  });

  it('answers a result a newer import replaced, or one released, with an error instead of another run\'s result', async () => {
    const api = createLabApi();
    const first = unwrap(await api.importText(readFixture(session), session));
    const released = unwrap(await api.compact({ transcriptKey: first.transcriptKeys[0], config: truncating }, () => {}));
    const replaced = unwrap(await api.compact({ transcriptKey: first.transcriptKeys[0], config: truncating }, () => {}));
    unwrap(await api.releaseResult(released.resultId));
    const notHeld = { ok: false, error: { code: 'unknown-result', message: "This run's result is no longer held by the worker; run compaction again.", isRetryable: false } };
    expect(await api.measureRetention(released.resultId)).toEqual(notHeld);
    expect(unwrap(await api.measureRetention(replaced.resultId)).length).toBeGreaterThan(0);
    await api.importText(readFixture(session), session);
    expect(await api.measureRetention(replaced.resultId)).toEqual(notHeld);
    expect(await api.breakdownPasses({ resultId: replaced.resultId }, 'o200k_base')).toEqual(notHeld);
  });
});
