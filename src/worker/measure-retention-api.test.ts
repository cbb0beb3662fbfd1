import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { createLabApi } from './lab-api';

const session = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-b295')) ?? '';

describe('measureRetention in the lab worker API', () => {
  it('answers [] before a compaction finished, then measures the latest one with its config’s pinned lines', async () => {
    const api = createLabApi();
    const response = await api.importText(readFixture(session), session);
    const transcriptKey = response.transcriptKeys[0];
    expect(await api.measureRetention(transcriptKey)).toEqual([]);

    const pinned = { profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'git', operative: ['Never force-push.'] }] };
    const pinnedRun = await api.compact({ transcriptKey, config: pinned }, () => {});
    const measured = await api.measureRetention(transcriptKey);
    expect(measured.map((pass) => pass.pass)).toEqual(pinnedRun.passes.map((pass) => pass.pass));
    expect(measured[0].cumulative.pinned).toEqual({ total: 1, kept: 1, lost: [] });
    expect(measured[0].cumulative.total).toBeGreaterThan(0);

    // A newer compaction replaces the measured one: its truncation loses facts and it pins nothing.
    await api.compact({ transcriptKey, config: { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' } }, () => {});
    const truncated = await api.measureRetention(transcriptKey);
    expect(truncated[0].cumulative.pinned.total).toBe(0);
    expect(truncated[0].cumulative.lost.length).toBeGreaterThan(0);
    expect(truncated[0].cumulative.lost[0]).toEqual({ category: expect.any(String), text: expect.any(String), sourceMessageId: expect.any(String) });
  });

  it('keeps the A/B panel\'s runs apart: they never replace what the inspector\'s charts describe', async () => {
    const api = createLabApi();
    const response = await api.importText(readFixture(session), session);
    const transcriptKey = response.transcriptKeys[0];
    const shown = await api.compact({ transcriptKey, config: { profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'git', operative: ['Never force-push.'] }] } }, () => {});
    await api.compact({ transcriptKey, config: { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' }, slot: 'ab' }, () => {});
    const inspector = await api.measureRetention(transcriptKey);
    expect(inspector.map((pass) => pass.pass)).toEqual(shown.passes.map((pass) => pass.pass));
    expect(inspector[0].cumulative.pinned.total).toBe(1);
    expect((await api.measureRetention(transcriptKey, 'ab'))[0].cumulative.pinned.total).toBe(0);
    expect(await api.breakdownPasses(transcriptKey, 'o200k_base')).toHaveLength(shown.passes.length + 1);
  });

  it('refuses a run that a newer import replaced', async () => {
    const api = createLabApi();
    const first = await api.importText(readFixture(session), session);
    await api.importText(readFixture(session), session);
    await expect(api.measureRetention(first.transcriptKeys[0])).rejects.toThrow('replaced by a newer import');
  });
});
