import { describe, expect, it } from 'vitest';
import { importText } from '../engine';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { replayTranscript } from './replay';

const name = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];
const pin = 'Always run the tests before pushing';

describe('replayTranscript', () => {
  it('measures each compaction’s retention with the config’s pinned lines (it once read them from the parsed config’s top level and found none)', async () => {
    const config = { profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'rules', operative: [pin], isRead: true }] };
    const replayed = await replayTranscript(transcript, { config });
    if ('error' in replayed) throw new Error(replayed.error.message);
    expect(replayed.report.compactions.length).toBeGreaterThan(0);
    for (const compaction of replayed.report.compactions) expect(compaction.retention?.pinned).toEqual({ total: 1, kept: 1 });
  });

  it('says nothing of pinned lines when the config pins none', async () => {
    const replayed = await replayTranscript(transcript, { config: { profile: 'auto-compactor', window: 60_000 } });
    if ('error' in replayed) throw new Error(replayed.error.message);
    expect(replayed.report.compactions[0].retention).not.toHaveProperty('pinned');
  });
});
