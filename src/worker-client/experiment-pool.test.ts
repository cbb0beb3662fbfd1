import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDocument } from '../engine/config';
import { importBytes } from '../lab/import-bytes';
import { runCell } from '../lab/experiment/run-cell';
import type { CellTranscript, ExperimentConfig } from './experiment-protocol';
import { poolSize, runExperimentPool, type CellUpdate, type PoolCell } from './experiment-pool';
import { poisonName } from './experiment-thread.test-support';
import { nodeCellEndpoint, startedThreads } from './node-cell-endpoint.test-support';

const fixtures = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'transcripts');
const toolHeavy = readFileSync(path.join(fixtures, 'claude-code__tool_heavy.jsonl'));
const gemini = readFileSync(path.join(fixtures, 'gemini-cli__session-01.json'));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const files = new Map<string, { name: string; bytes: Uint8Array }>([
  [sha(toolHeavy), { name: 'claude-code__tool_heavy.jsonl', bytes: toolHeavy }],
  [sha(gemini), { name: 'gemini-cli__session-01.json', bytes: gemini }],
  ['poison', { name: poisonName, bytes: new TextEncoder().encode('{}') }],
]);
const transcriptOf = (key: string): CellTranscript => ({ sha256: key, name: files.get(key)?.name ?? key });
const bytesOf = async (transcript: CellTranscript) => {
  const found = files.get(transcript.sha256);
  if (!found) throw new Error(`no bytes for ${transcript.name}`);
  return found.bytes;
};

const twoTier: ExperimentConfig = { name: 'two-tier', document: defaultDocument('two-tier') };
const autoCompactor: ExperimentConfig = { name: 'auto-compactor', document: defaultDocument('auto-compactor') };
const unknownProfile: ExperimentConfig = { name: 'broken', document: { profile: 'no-such-profile' } };

/** Runs cells in real threads, keeping every update each cell went through. */
async function runInThreads(cells: PoolCell[], workers: number, onUpdate: (update: CellUpdate) => void = () => undefined) {
  const updates = new Map<string, CellUpdate[]>();
  const pool = runExperimentPool(cells, {
    createEndpoint: nodeCellEndpoint,
    workers,
    mode: 'compaction',
    encoding: 'o200k_base',
    bytesOf,
    onUpdate: (update) => {
      updates.set(update.key, [...(updates.get(update.key) ?? []), update]);
      onUpdate(update);
    },
  });
  return { pool, updates };
}

const statuses = (updates: CellUpdate[] | undefined) => updates?.map((update) => update.status);
const last = (updates: CellUpdate[] | undefined) => updates?.at(-1);

afterEach(async () => {
  await Promise.all(startedThreads.splice(0).map((thread) => thread.terminate()));
});

describe('poolSize', () => {
  it('keeps one core for the page, starts at least one worker and never more than the cells', () => {
    expect(poolSize(8, 48)).toBe(7);
    expect(poolSize(1, 48)).toBe(1);
    expect(poolSize(8, 3)).toBe(3);
    expect(poolSize(undefined, 10)).toBe(1);
  });
});

describe('the experiment pool in real worker threads', () => {
  it('runs every cell through queued, running and done, with the rows runCell gives in this thread; a refused config fails its cell alone', async () => {
    const cells: PoolCell[] = [
      { key: 'a', transcript: transcriptOf(sha(toolHeavy)), config: twoTier },
      { key: 'b', transcript: transcriptOf(sha(toolHeavy)), config: unknownProfile },
      { key: 'c', transcript: transcriptOf(sha(gemini)), config: autoCompactor },
      { key: 'd', transcript: transcriptOf(sha(toolHeavy)), config: autoCompactor },
    ];
    const { pool, updates } = await runInThreads(cells, 2);
    await pool.done;
    for (const key of ['a', 'c', 'd']) expect(statuses(updates.get(key))).toEqual(['queued', 'running', 'done']);
    expect(statuses(updates.get('b'))).toEqual(['queued', 'running', 'failed']);
    expect(last(updates.get('b'))?.error).toMatch(/profile/);
    const [transcript] = (await importBytes(toolHeavy, 'claude-code__tool_heavy.jsonl')).transcripts;
    const expected = await runCell(transcript, twoTier, 'compaction', { encoding: 'o200k_base', file: 'claude-code__tool_heavy.jsonl' });
    const [row] = last(updates.get('a'))?.rows ?? [];
    expect(row.ok).toBe(true);
    expect({ ...row, durationMs: 0 }).toEqual({ ...expected, durationMs: 0 });
  });

  it('fails the cell of a worker that dies with "the worker stopped", starts another worker and runs the rest', async () => {
    const cells: PoolCell[] = [
      { key: 'poison', transcript: transcriptOf('poison'), config: twoTier },
      { key: 'first', transcript: transcriptOf(sha(toolHeavy)), config: twoTier },
      { key: 'after', transcript: transcriptOf(sha(toolHeavy)), config: autoCompactor },
    ];
    const { pool, updates } = await runInThreads(cells, 1);
    await pool.done;
    expect(last(updates.get('poison'))).toMatchObject({ status: 'failed', error: 'the worker stopped: it exited (code 70)' });
    expect(last(updates.get('first'))?.status).toBe('done');
    expect(last(updates.get('after'))?.status).toBe('done');
    expect(startedThreads).toHaveLength(2);
  });

  it('fails the running cell of a worker terminated from outside and goes on', async () => {
    const cells: PoolCell[] = [
      { key: 'killed', transcript: transcriptOf(sha(gemini)), config: twoTier },
      { key: 'next', transcript: transcriptOf(sha(toolHeavy)), config: twoTier },
    ];
    const { pool, updates } = await runInThreads(cells, 1, (update) => {
      if (update.key === 'killed' && update.status === 'running') setTimeout(() => void startedThreads[0].terminate(), 0);
    });
    await pool.done;
    expect(last(updates.get('killed'))).toMatchObject({ status: 'failed', error: expect.stringMatching(/^the worker stopped: it exited/) });
    expect(last(updates.get('next'))?.status).toBe('done');
  });

  it('cancel marks the running and queued cells cancelled, ends the run and stops every thread', async () => {
    const cells: PoolCell[] = ['one', 'two', 'three', 'four'].map((key) => ({ key, transcript: transcriptOf(sha(toolHeavy)), config: twoTier }));
    let cancel = () => undefined as void;
    const { pool, updates } = await runInThreads(cells, 2, (update) => {
      // The first cells start before the pool is returned: cancel once the run is under way.
      if (update.status === 'running') setTimeout(() => cancel(), 0);
    });
    cancel = pool.cancel;
    await pool.done;
    const ends = cells.map((cell) => last(updates.get(cell.key))?.status);
    expect(ends.every((status) => status === 'cancelled')).toBe(true);
    expect(last(updates.get('one'))?.error).toBe('cancelled before it ran to the end');
    await Promise.all(startedThreads.map((thread) => new Promise((resolve) => (thread.threadId === -1 ? resolve(undefined) : thread.once('exit', resolve)))));
    for (const thread of startedThreads) expect(thread.threadId).toBe(-1);
  });
});
