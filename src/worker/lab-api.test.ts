import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { breakdownMessages, countTranscript } from '../engine';
import type { TokenBatch } from '../worker-client/transcript-protocol';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';
import { loadReferenceCounter } from '../ports/tokenizer/token-reference';

const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';

describe('the lab worker API (driven in Node, as the worker runs it)', () => {
  it('imports, estimates at once, then streams exact counts that cover every message once', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    expect(response.report.format).toBe('claude-code');
    expect(response.transcriptKeys).toHaveLength(1);
    const messageCount = response.transcripts[0].messages.length;
    expect(response.estimates[0]).toHaveLength(messageCount);
    expect(response.estimates[0].every((estimate) => estimate >= 0)).toBe(true);

    const batches: TokenBatch[] = [];
    const summary = unwrap(await api.countTokens(response.transcriptKeys[0], 'cl100k_base', (batch) => batches.push(batch)));
    const covered = batches.flatMap((batch) => batch.counts.map((_, offset) => batch.startIndex + offset));
    expect(covered).toEqual([...Array(messageCount).keys()]);
    expect(batches[batches.length - 1].done).toBe(messageCount);

    const reference = countTranscript(response.transcripts[0], await loadReferenceCounter('cl100k_base'));
    expect(summary.perMessage).toEqual(reference.perMessage);
    expect(summary.total).toBe(reference.total);
    expect(summary.byRole).toEqual(reference.byRole);
  });

  it('splits the exact count by kind as the Tokens tab splits the original: a summary the source wrote as a user message counts as summary (issue 27)', async () => {
    const api = createLabApi();
    const sample = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';
    const response = unwrap(await api.importText(readFixture(sample), sample));
    const summary = unwrap(await api.countTokens(response.transcriptKeys[0], 'o200k_base', () => {}));
    const transcript = response.transcripts[0];
    const original = breakdownMessages(transcript.system, transcript.messages, await loadReferenceCounter('o200k_base'));
    expect(summary.byKind).toEqual(original.byKind);
    expect(summary.byKind.summary).toBeGreaterThan(0);
    expect(Object.values(summary.byKind).reduce((sum, tokens) => sum + tokens, 0)).toBe(summary.total);
  });

  it('answers a re-count from its cache', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const first = unwrap(await api.countTokens(response.transcriptKeys[0], 'o200k_base', () => {}));
    const second = unwrap(await api.countTokens(response.transcriptKeys[0], 'o200k_base', () => {}));
    expect(second.total).toBe(first.total);
    expect(second.cachedMessages).toBeGreaterThan(0);
  });

  it('cancels a running count when a newer one starts', async () => {
    const api = createLabApi();
    const big = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';
    const response = unwrap(await api.importText(readFixture(big), big));
    const older = api.countTokens(response.transcriptKeys[0], 'o200k_base', () => {});
    const newer = api.countTokens(response.transcriptKeys[0], 'cl100k_base', () => {});
    expect(await older).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect((await newer).ok).toBe(true);
  });

  it('keeps the previous transcripts when an import fails, since the page still shows them', async () => {
    const api = createLabApi();
    const first = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const failed = unwrap(await api.importText('{"hello": "world"}', 'mystery.json'));
    expect(failed.transcripts).toHaveLength(0);
    const summary = await api.countTokens(first.transcriptKeys[0], 'o200k_base', () => {});
    expect(summary.ok).toBe(true);
  });

  it('forgets the transcripts of an earlier import, answering an unknown key with an error instead of a throw', async () => {
    const api = createLabApi();
    const first = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    await api.importText('User: hi\nAssistant: hello', 'pasted');
    expect(await api.countTokens(first.transcriptKeys[0], 'o200k_base', () => {})).toEqual({
      ok: false,
      error: { code: 'unknown-transcript', message: `Unknown run ${first.transcriptKeys[0]}: it was replaced by a newer import.`, isRetryable: false },
    });
  });
});

describe('compaction in the worker', () => {
  it('runs a profile on an imported run and streams its events', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const events: string[] = [];
    // ADK's turns close only at assistant text: this session is three, so keep one to summarize more than the summary weighs.
    const { result } = unwrap(await api.compact({ transcriptKey: response.transcriptKeys[0], config: { profile: 'rolling-summary', keepVerbatim: 1 } }, (event) => events.push(event.type)));
    expect(result).toMatchObject({ profile: 'rolling-summary', success: true, cancelled: false });
    expect(result.passes).toHaveLength(1);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
    expect(events[0]).toBe('run-start');
    expect(events).toContain('pass-end');
    expect(events[events.length - 1]).toBe('run-end');
    expect(response.transcripts[0].messages.length, 'the imported original is unchanged').toBe(19);
  });

  it('answers an invalid config with the bad field by path', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const { result } = unwrap(await api.compact({ transcriptKey: response.transcriptKeys[0], config: { profile: 'two-tier', keepLast: 'ten' } }, () => {}));
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('invalid-config');
    expect(result.error?.message).toContain('keepLast:');
  });

  it('refuses a prompt override it cannot send before any work, naming the slot and the variable: run, replay and comparison alike', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const transcriptKey = response.transcriptKeys[0];
    const config = { profile: 'auto-compactor', prompts: { summary: 'Summarize {{conversaton}} please' } };
    const events: string[] = [];
    const { result } = unwrap(await api.compact({ transcriptKey, config }, (event) => events.push(event.type)));
    expect(events).toEqual(['run-error']);
    expect(result).toMatchObject({ success: false, passes: [], summarizerCalls: 0, error: { code: 'invalid-prompt' } });
    expect(result.error?.message).toMatch(/First summary \(compaction\/summary\) \(prompts\.summary\) uses \{\{conversaton\}\}/);
    const replayed = await api.replaySession({ transcriptKey, config });
    expect(!replayed.ok && replayed.error.code).toBe('invalid-prompt');
    const session = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
    const sessionKey = unwrap(await api.importText(readFixture(session), session)).transcriptKeys[0];
    const compared = unwrap(await api.compareWithAgent({ transcriptKey: sessionKey, config }));
    expect(!compared.compared && compared.run.error?.code).toBe('invalid-prompt');
  });
});
