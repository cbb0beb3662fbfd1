import { describe, expect, it } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { ReplayProgress, ReplayView } from '../worker-client/replay-protocol';
import { unwrap } from '../worker-client/reply';
import { createHeldReplays, heldReplayCapacity, type HeldReplay } from './held-replays';
import { createLabApi } from './lab-api';
import { forPage } from './page-copies';

const toolHeavy = 'claude-code__tool_heavy.jsonl';
/** Two-tier with a 300-token threshold: the short tool-heavy session crosses it twice (before messages 15 and 19). */
const config = { profile: 'two-tier', tokenThreshold: 300, toolOutputMaxChars: 200 };

async function imported(api: LabWorkerApi, name = toolHeavy): Promise<string> {
  return unwrap(await api.importText(readFixture(name), name)).transcriptKeys[0];
}

/** A finished replay's id and report, or the test fails with the refusal's words. */
async function replayed(api: LabWorkerApi, transcriptKey: string, onProgress?: (progress: ReplayProgress) => void): Promise<{ replayId: string; report: ReplayView }> {
  return unwrap(await api.replaySession({ transcriptKey, config, encoding: 'o200k_base' }, onProgress));
}

/** A price of `perMillion` for every model the tool-heavy fixture names. */
function pricesForEvery(perMillion: number) {
  const price = { inputPerMillion: perMillion, outputPerMillion: perMillion, cacheReadPerMillion: perMillion, cacheWritePerMillion: perMillion, cacheWriteHourPerMillion: perMillion };
  return Object.fromEntries(modelsOf(readFixture(toolHeavy)).map((model) => [model, price]));
}

/** The model ids a Claude Code file names. */
function modelsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/"model":"([^"]+)"/g)].map((match) => match[1]))];
}

describe('replaySession in the lab worker API', () => {
  it('replays the held transcript and answers the report without each compaction’s context and run', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const progress: ReplayProgress[] = [];
    const { replayId, report } = await replayed(api, transcriptKey, (step) => progress.push(step));
    expect(replayId).toMatch(/^replay-/);
    expect(report.profile).toBe('two-tier');
    expect(report.compactions.length).toBeGreaterThanOrEqual(2);
    for (const compaction of report.compactions) {
      expect(compaction).not.toHaveProperty('input');
      expect(compaction).not.toHaveProperty('run');
    }
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toMatchObject({ done: progress[progress.length - 1].total });
  });

  it('answers what the agent and the policy cost with caching, with the cumulative lines a chart draws (issue 28)', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const { cost, report } = unwrap(await api.replaySession({ transcriptKey, config, encoding: 'o200k_base' }));
    expect(cost?.agent).toMatchObject({ calls: 4, lifetime: '1h', lifetimeSource: 'logged', ratio: expect.any(Number) });
    expect(cost?.policy.totalUsd).toBeGreaterThan(0);
    expect(cost?.pricesSource).toMatch(/genai-prices/);
    // One point per agent call and per compaction, the policy's line ending at its total.
    expect(cost?.series).toHaveLength(4 + report.compactions.length);
    expect(cost?.series.filter((point) => point.compaction !== undefined).map((point) => point.compaction)).toEqual(report.compactions.map((compaction) => compaction.ordinal));
    expect(cost?.series.at(-1)?.policyUsd).toBeCloseTo(cost?.policy.totalUsd ?? 0, 10);
  });

  it('prices the replay from the catalog loaded in the worker, with the user’s prices on top (issue 28)', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const catalog = unwrap(await api.replaySession({ transcriptKey, config, encoding: 'o200k_base' }));
    expect(catalog.cost).toMatchObject({ pricesSource: expect.stringContaining('@pydantic/genai-prices') as string, pricesAsOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string });
    expect(catalog.cost?.assumptions.length).toBeGreaterThan(0);
    expect(catalog.cost?.policy.totalUsd).toBeGreaterThan(0);
    // A price the user set for every model the session names is the one the bill reads.
    const free = unwrap(await api.replaySession({ transcriptKey, config, encoding: 'o200k_base', prices: pricesForEvery(0) }));
    expect(free.cost?.policy.agentCallsUsd).toBe(0);
  });

  it('runs two replays at once without one superseding the other (A/B over the session)', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const [first, second] = await Promise.all([
      api.replaySession({ transcriptKey, config }),
      api.replaySession({ transcriptKey, config: { profile: 'two-tier', tokenThreshold: 500, toolOutputMaxChars: 400 } }),
    ]);
    for (const outcome of [unwrap(first), unwrap(second)]) expect(outcome).toMatchObject({ report: { cancelled: false } });
  });

  it('stops every running replay on cancelReplays', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const running = [api.replaySession({ transcriptKey, config }), api.replaySession({ transcriptKey, config })];
    unwrap(await api.cancelReplays());
    const session = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy)).transcripts[0];
    for (const outcome of await Promise.all(running)) {
      const value = unwrap(outcome);
      // Each answers the report of the steps up to then, marked cancelled.
      expect(value.report.cancelled).toBe(true);
      expect(value.report.steps.length).toBeLessThan(session.messages.length);
    }
  });

  it('refuses an invalid config, a hosted provider without a key and an unknown transcript as the reply’s error', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    expect(await api.replaySession({ transcriptKey, config: { profile: 'two-tier', tokenThreshold: 'many' } })).toMatchObject({ ok: false, error: { code: 'invalid-config' } });
    const providers = { main: { provider: 'anthropic' as const, model: 'claude-haiku-4-5' } };
    expect(await api.replaySession({ transcriptKey, config, providers })).toMatchObject({ ok: false, error: { code: 'missing-key' } });
    expect(await api.replaySession({ transcriptKey: 'import-9/run-0', config })).toMatchObject({ ok: false, error: { code: 'unknown-transcript' } });
  });
});

describe('openReplayCompaction in the lab worker API', () => {
  it('holds the compaction’s input context as a transcript and its run as a result, so every by-id question answers', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const { replayId, report } = await replayed(api, transcriptKey);
    const second = report.compactions[1];
    const opened = unwrap(await api.openReplayCompaction(replayId, 2));
    expect(opened).toMatchObject({ ordinal: 2, atMessage: second.atMessage, ofTranscriptKey: transcriptKey, profile: 'two-tier', config, encoding: 'o200k_base', transcriptKey: `${replayId}/compaction-2` });
    expect(opened.context.markers).toEqual([]);
    expect(opened.context.source.runLabel).toBe('compaction 2 of the replay');
    // The context is what the run compacted: its exact count is the compaction's "before", and the run started from it.
    expect(opened.result.exact?.before).toBe(second.tokensBefore);
    expect(opened.result.passes.length).toBe(second.passes);
    const counted = unwrap(await api.countTokens(opened.transcriptKey, 'o200k_base', () => undefined));
    expect(counted.total).toBe(second.tokensBefore);
    const breakdowns = unwrap(await api.breakdownPasses({ resultId: opened.resultId }, 'o200k_base'));
    expect(breakdowns.map((breakdown) => breakdown.total)).toEqual([second.tokensBefore, ...opened.result.passes.map((pass) => pass.exact?.after)]);
    expect(unwrap(await api.measureRetention(opened.resultId))).toHaveLength(second.passes);
    // Opening it again reuses the held result.
    expect(unwrap(await api.openReplayCompaction(replayId, 2)).resultId).toBe(opened.resultId);
  });

  it('answers an unknown replay, a compaction the replay never made, and a replay a newer import dropped in words', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const { replayId, report } = await replayed(api, transcriptKey);
    const notHeld = { ok: false, error: { code: 'unknown-result', message: 'This replay is no longer held by the worker; replay again.', isRetryable: false } };
    expect(await api.openReplayCompaction('replay-gone-1', 1)).toEqual(notHeld);
    expect(await api.openReplayCompaction(replayId, report.compactions.length + 1)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^This replay has no compaction \d+: it made /) } });
    const opened = unwrap(await api.openReplayCompaction(replayId, 1));
    await imported(api, 'gemini-cli__session-01.json');
    expect(await api.openReplayCompaction(replayId, 1)).toEqual(notHeld);
    expect(await api.countTokens(opened.transcriptKey, 'o200k_base', () => undefined)).toMatchObject({ ok: false, error: { code: 'unknown-transcript' } });
  });

  it('holds the last four replays: a newer one drops the least recently used, and the contexts opened from it', async () => {
    const api = createLabApi();
    const transcriptKey = await imported(api);
    const ids = [(await replayed(api, transcriptKey)).replayId];
    const openedKey = unwrap(await api.openReplayCompaction(ids[0], 1)).transcriptKey;
    while (ids.length < heldReplayCapacity) ids.push((await replayed(api, transcriptKey)).replayId);
    // Asking about the first makes the second the least recently used: the fifth replay drops that one.
    expect((await api.openReplayCompaction(ids[0], 1)).ok).toBe(true);
    ids.push((await replayed(api, transcriptKey)).replayId);
    expect(await api.openReplayCompaction(ids[1], 1)).toMatchObject({ ok: false, error: { code: 'unknown-result' } });
    expect((await api.countTokens(openedKey, 'o200k_base', () => undefined)).ok).toBe(true);
    // Three more drop the third, the fourth and then the first, whose opened context goes with it.
    for (let count = 0; count < 3; count += 1) ids.push((await replayed(api, transcriptKey)).replayId);
    expect(await api.openReplayCompaction(ids[0], 1)).toMatchObject({ ok: false, error: { code: 'unknown-result' } });
    expect(await api.countTokens(openedKey, 'o200k_base', () => undefined)).toMatchObject({ ok: false, error: { code: 'unknown-transcript' } });
    expect((await api.openReplayCompaction(ids[ids.length - 1], 1)).ok).toBe(true);
  });

  it('hands the page the run and the context without source records', async () => {
    const api = createLabApi();
    const page = forPage(api);
    const transcriptKey = await imported(api);
    const { replayId } = await replayed(api, transcriptKey);
    const inWorker = unwrap(await api.openReplayCompaction(replayId, 1));
    expect(inWorker.context.messages.some((message) => message.raw !== null && message.raw !== undefined)).toBe(true);
    const opened = unwrap(await page.openReplayCompaction(replayId, 1));
    expect(opened.context.messages.every((message) => message.raw === null || message.raw === undefined)).toBe(true);
    expect(opened.result.messages.every((message) => message.raw === null || message.raw === undefined)).toBe(true);
  });
});

describe('held replays', () => {
  const entry = (profile: string): HeldReplay => ({
    transcript: { id: 't', source: { format: 'plain-text' }, messages: [], markers: [], meta: {} },
    transcriptKey: 'import-1/run-0',
    report: {
      profile, trigger: 0, checkpoint: 'message', checkpointLabel: '', compactionInput: 'context', estimation: '', encoding: 'o200k_base', steps: [], compactions: [], sourceCompactions: [], cancelled: false, skippedMessages: 0,
      totals: { compactions: 0, failedCompactions: 0, summarizerCalls: 0, tokensToSummarizers: 0, costUsd: 0, peakTokens: 0, stepsOverTrigger: 0, shareOverTrigger: 0 },
    },
    config: {},
    encoding: 'o200k_base',
    openedResults: new Map(),
  });

  it('drops the least recently used beyond the capacity, telling who was dropped', () => {
    const dropped: string[] = [];
    const held = createHeldReplays(2, (replayId) => dropped.push(replayId));
    const first = held.hold(entry('first'));
    const second = held.hold(entry('second'));
    expect(held.get(first)?.report.profile).toBe('first');
    const third = held.hold(entry('third'));
    expect(dropped).toEqual([second]);
    expect(held.get(second)).toBeUndefined();
    expect(held.get(third)?.report.profile).toBe('third');
  });

  it('never reuses an id of another worker’s life', () => {
    const ids = new Set([createHeldReplays(), createHeldReplays(), createHeldReplays()].map((held) => held.hold(entry('x'))));
    expect(ids.size).toBe(3);
  });
});
