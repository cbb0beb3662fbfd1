import { describe, expect, it } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { countTranscript } from '../engine';
import { createLabApi } from '../worker/lab-api';
import { unwrap } from '../worker-client/reply';
import { loadReferenceCounter } from '../ports/tokenizer/token-reference';

const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';
/** A window small enough that the fixture must be compacted. */
const smallWindow = { schemaVersion: 1, profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 };

describe('breakdownPasses (driven through the lab API)', () => {
  it('gives only the original before any compaction, totalling the exact transcript count', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const breakdowns = unwrap(await api.breakdownPasses({ transcriptKey: response.transcriptKeys[0] }, 'cl100k_base'));
    expect(breakdowns).toHaveLength(1);
    const reference = countTranscript(response.transcripts[0], await loadReferenceCounter('cl100k_base'));
    expect(breakdowns[0].pass).toBe(0);
    expect(breakdowns[0].total).toBe(reference.total);
    expect(Object.values(breakdowns[0].byKind).reduce((sum, value) => sum + value, 0)).toBe(reference.total);
    expect(breakdowns[0].byKind.toolOutput).toBeGreaterThan(0);
    expect(breakdowns[0].byKind.summary).toBe(0);
  });

  it('adds one state per pass of the compaction asked about, with the summary counted as summary', async () => {
    const api = createLabApi();
    const response = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const transcriptKey = response.transcriptKeys[0];
    const { resultId, result } = unwrap(await api.compact({ transcriptKey, config: smallWindow }, () => {}));
    expect(result.passes.length).toBeGreaterThan(0);
    const breakdowns = unwrap(await api.breakdownPasses({ resultId }, 'cl100k_base'));
    expect(breakdowns.map((breakdown) => breakdown.pass)).toEqual([0, ...result.passes.map((pass) => pass.pass)]);
    const last = breakdowns[breakdowns.length - 1];
    expect(last.byKind.summary).toBeGreaterThan(0);
    expect(last.total).toBeLessThan(breakdowns[0].total);
    const counter = await loadReferenceCounter('cl100k_base');
    const lastMessages = result.passes[result.passes.length - 1].messages;
    expect(last.total).toBe(countTranscript({ ...response.transcripts[0], messages: lastMessages }, counter).total);
  });

  it('forgets the compaction when a new file is imported', async () => {
    const api = createLabApi();
    const first = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    const { resultId } = unwrap(await api.compact({ transcriptKey: first.transcriptKeys[0], config: smallWindow }, () => {}));
    const second = unwrap(await api.importText(readFixture(toolHeavy), toolHeavy));
    expect(unwrap(await api.breakdownPasses({ transcriptKey: second.transcriptKeys[0] }, 'o200k_base'))).toHaveLength(1);
    expect(await api.breakdownPasses({ transcriptKey: first.transcriptKeys[0] }, 'o200k_base')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Unknown run/) } });
    expect(await api.breakdownPasses({ resultId }, 'o200k_base')).toMatchObject({ ok: false, error: { code: 'unknown-result' } });
  });
});
