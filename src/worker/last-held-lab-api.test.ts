import { describe, expect, it } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { defaultDocument } from '../engine/config';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';

// The bundled sample (public/samples/claude-code-session.jsonl): one compact_boundary at message 288 of 340.
const sample = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const toolHeavy = 'claude-code__tool_heavy.jsonl';

describe('the worker and the context the agent last held', () => {
  it('counts it beside the whole file, in the same encoding, when the agent compacted', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFixture(sample), sample));
    const summary = unwrap(await api.countTokens(imported.transcriptKeys[0], 'o200k_base', () => {}));
    const heldMessages = imported.transcripts[0].messages.length - 288;
    const heldTotal = summary.perMessage.slice(288).reduce((sum, count) => sum + count, summary.system);
    expect(summary.total).toBe(140594);
    expect(summary.lastHeld).toEqual({ total: heldTotal, messages: heldMessages, ordinal: 1 });
    expect(heldTotal).toBeLessThan(summary.total / 2);
  });

  it('counts nothing of the kind for a session the agent never compacted', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const summary = unwrap(await api.countTokens(imported.transcriptKeys[0], 'o200k_base', () => {}));
    expect(summary.lastHeld).toBeUndefined();
  });

  it('registers the held context under a key of its own, runs on it, and leaves the loaded transcript whole', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFixture(sample), sample));
    const [transcriptKey] = imported.transcriptKeys;
    const held = unwrap(await api.openLastHeld(transcriptKey));
    expect(held).toMatchObject({ ofTranscriptKey: transcriptKey, ordinal: 1 });
    expect(held.transcriptKey).not.toBe(transcriptKey);
    expect(held.context.messages[0].origin).toBe('summary');
    const answer = unwrap(await api.compact({ transcriptKey: held.transcriptKey, config: { ...defaultDocument('auto-compactor'), force: true } }, () => {}));
    expect(answer.result.passes[0].exact?.before).toBe(unwrap(await api.countTokens(held.transcriptKey, 'o200k_base', () => {})).total);
    const whole = unwrap(await api.countTokens(transcriptKey, 'o200k_base', () => {}));
    expect(whole.total).toBe(140594);
    expect(whole.perMessage).toHaveLength(imported.transcripts[0].messages.length);
  });

  it('refuses in words when there is no compaction to start from', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    expect(await api.openLastHeld(imported.transcriptKeys[0])).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'no-compaction', message: expect.stringMatching(/^The agent never compacted this session/) }),
    });
  });
});
