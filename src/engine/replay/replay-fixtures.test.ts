import { describe, expect, it } from 'vitest';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import type { Transcript } from '../transcript/model';
import { measureReplayRetention } from './replay-retention';
import { plainTurns, replayWith, sessionOf, textOf } from './replay.test-support';

const claudeCode = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

function fixture(name: string): Transcript {
  const result = importText(readFixture(name), { fileName: name });
  if (!('transcripts' in result)) throw new Error(`${name} did not import`);
  return result.transcripts[0];
}

describe('replaySession on the real Claude Code session with its own compaction', () => {
  const transcript = fixture(claudeCode);

  it('lists the agent\u2019s compaction with the size it logged, and replays the session without the summary it wrote', async () => {
    const report = await replayWith('auto-compactor', transcript, { window: 60_000 });
    expect(report.sourceCompactions).toEqual([{ atMessage: 288, kind: 'compact_boundary', trigger: 'auto', loggedTokensBefore: 167_117 }]);
    const summaryIndex = transcript.messages.findIndex((message) => message.id === transcript.markers[0].summaryMessageId);
    expect(report.steps.some((step) => step.atMessage === summaryIndex)).toBe(false);
    expect(report.steps.length + report.skippedMessages).toBe(transcript.messages.length);
    // The agent's own logged context is beside ours at every assistant call that logged usage.
    expect(report.steps.filter((step) => step.loggedContextTokens !== undefined).length).toBeGreaterThan(50);
    expect(report.compactions.length).toBeGreaterThanOrEqual(2);
  });

  it('measures each compaction\u2019s facts lost, and need-weighted retention where the session goes on', async () => {
    const report = measureReplayRetention(await replayWith('auto-compactor', transcript, { window: 60_000 }), transcript, []);
    const [first, ...rest] = report.compactions;
    expect(first.retention?.factsTotal).toBeGreaterThan(0);
    expect(first.retention?.factsLost).toBeLessThanOrEqual(first.retention?.factsTotal ?? 0);
    expect(first.retention?.needWeighted?.needed).toBeGreaterThan(0);
    // The last compaction happens at the end: nothing comes after it, so nothing can be needed later.
    expect(rest[rest.length - 1].atMessage).toBe(transcript.messages.length - 1);
    expect(rest[rest.length - 1].retention?.needWeighted).toBeUndefined();
  });
});

describe('measureReplayRetention', () => {
  it('weighs each compaction by what the agent used before the next compaction, as the Vs agent view does', async () => {
    const path = 'src/engine/replay/needed-later.ts';
    const first = { ...textOf('user', 200), blocks: [{ kind: 'text' as const, text: `Please open ${path} and fix it. ${'x'.repeat(180)}` }] };
    const used = { ...textOf('assistant', 1000), blocks: [{ kind: 'text' as const, text: `I edited ${path} as asked. ${'y'.repeat(960)}` }] };
    const messages = [first, ...plainTurns(11, 200, 1000).slice(1, -1), used];
    const replay = await replayWith('auto-compactor', sessionOf(messages), { window: 1000, reserveTokens: 100, keepRecentTokens: 150 });
    expect(replay.compactions.map((compaction) => compaction.atMessage)).toEqual([5, 11, 17]);
    const report = measureReplayRetention(replay, sessionOf(messages), []);
    // The path is used again only after the third compaction: not before the second, so the first needed nothing.
    expect(report.compactions[0].retention?.needWeighted).toBeUndefined();
    expect(report.compactions[0].retention?.factsTotal).toBeGreaterThan(0);
  });
});
