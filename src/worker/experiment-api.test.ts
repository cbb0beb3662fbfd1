import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDocument } from '../engine/config';
import { importBytes } from '../lab/import-bytes';
import { runCell } from '../lab/experiment/run-cell';
import type { CellRequest, ExperimentConfig } from '../worker-client/experiment-protocol';
import { createExperimentApi } from './experiment-api';

const fixtures = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'transcripts');
const toolHeavy = readFileSync(path.join(fixtures, 'claude-code__tool_heavy.jsonl'));
const openHands = readFileSync(path.join(fixtures, 'openhands__multi_swe_bench_examples_output.jsonl'));
const twoTier: ExperimentConfig = { name: 'two-tier', document: defaultDocument('two-tier') };

const request = (name: string, sha256: string, extra: Partial<CellRequest> = {}): CellRequest => ({ transcript: { sha256, name }, config: twoTier, mode: 'compaction', encoding: 'o200k_base', ...extra });
const withoutDuration = <Row extends { durationMs: number | null }>(row: Row) => ({ ...row, durationMs: 0 });

describe('the experiment worker’s cells', () => {
  it('answers a cell with the row runCell gives for the imported file, and asks for the bytes it does not hold', async () => {
    const api = createExperimentApi();
    expect(await api.runCell(request('claude-code__tool_heavy.jsonl', 'tool-heavy'))).toEqual({ missing: true });
    const answer = await api.runCell(request('claude-code__tool_heavy.jsonl', 'tool-heavy', { bytes: toolHeavy }));
    const [transcript] = (await importBytes(toolHeavy, 'claude-code__tool_heavy.jsonl')).transcripts;
    const expected = await runCell(transcript, twoTier, 'compaction', { encoding: 'o200k_base', file: 'claude-code__tool_heavy.jsonl' });
    if (!('rows' in answer)) throw new Error('the worker asked for bytes it was given');
    expect(answer.rows.map(withoutDuration)).toEqual([withoutDuration(expected)]);
    expect(expected.ok).toBe(true);
    // Held by hash: the next config's cell needs no bytes.
    const again = await api.runCell(request('claude-code__tool_heavy.jsonl', 'tool-heavy', { config: { name: 'auto-compactor', document: defaultDocument('auto-compactor') } }));
    expect('rows' in again && again.rows[0]).toMatchObject({ ok: true, config: 'auto-compactor', file: 'claude-code__tool_heavy.jsonl' });
  });

  it('gives one row per run of a file holding several, or the run asked for', async () => {
    const api = createExperimentApi();
    const runs = (await importBytes(openHands, 'openhands.jsonl')).transcripts.length;
    expect(runs).toBeGreaterThan(1);
    const whole = await api.runCell(request('openhands.jsonl', 'openhands', { bytes: openHands }));
    expect('rows' in whole && whole.rows.map((row) => row.run)).toEqual(Array.from({ length: runs }, (_, index) => index + 1));
    const second = await api.runCell(request('openhands.jsonl', 'openhands', { transcript: { sha256: 'openhands', name: 'openhands.jsonl', run: 2 } }));
    expect('rows' in second && second.rows.map((row) => row.run)).toEqual([2]);
    const beyond = await api.runCell(request('openhands.jsonl', 'openhands', { transcript: { sha256: 'openhands', name: 'openhands.jsonl', run: runs + 1 } }));
    expect('rows' in beyond && beyond.rows[0]).toMatchObject({ ok: false, run: runs + 1, error: `the file holds ${runs} runs, not a run ${runs + 1}` });
  });

  it('answers a file that is not a transcript, and a config it refuses, with rows that say why', async () => {
    const api = createExperimentApi();
    const notTranscript = await api.runCell(request('notes.txt', 'notes', { bytes: new TextEncoder().encode('just some notes\n') }));
    expect('rows' in notTranscript && notTranscript.rows[0]).toMatchObject({ ok: false, file: 'notes.txt', error: expect.stringMatching(/^the file could not be imported: /) });
    const refused = await api.runCell(request('claude-code__tool_heavy.jsonl', 'tool-heavy', { bytes: toolHeavy, config: { name: 'broken', document: { profile: 'no-such-profile' } } }));
    expect('rows' in refused && refused.rows[0]).toMatchObject({ ok: false, config: 'broken' });
  });
});
