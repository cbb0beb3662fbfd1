// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDocument } from '../engine/config';
import { pageWorkspaceForgotten } from '../workspace/page-workspace';
import { nodeCellEndpoint, startedThreads } from '../worker-client/node-cell-endpoint.test-support';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { experimentFragmentPrefix } from './experiment-share';
import { chosenFromFile } from './experiment-sources';
import { experimentEnvironment } from './experiment-run';
import { useExperimentStore } from './experiment-store';
import { emptyDraft } from './experiment-draft';

vi.mock('../worker-client/lab-client', () => import('./in-process-lab-client.test-support'));

const root = path.join(import.meta.dirname, '..', '..');
const fixtures = path.join(root, 'e2e', 'fixtures', 'transcripts');
const fixtureFile = (name: string) => new File([readFileSync(path.join(fixtures, name))], name);
const twoTier = { name: 'two-tier', document: defaultDocument('two-tier') };
const autoCompactor = { name: 'auto-compactor', document: defaultDocument('auto-compactor') };
const store = () => useExperimentStore.getState();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  pageWorkspaceForgotten();
  experimentEnvironment.createEndpoint = nodeCellEndpoint;
  experimentEnvironment.hardwareConcurrency = () => 3;
  useExperimentStore.setState({ draft: emptyDraft, current: undefined, offer: undefined, history: [], problem: undefined });
});

afterEach(async () => {
  await Promise.all(startedThreads.splice(0).map((thread) => thread.terminate()));
});

/** A draft of the two e2e transcripts under two-tier and auto-compactor, with one assertion. */
async function twoByTwo(): Promise<void> {
  store().transcriptsAdded([await chosenFromFile(fixtureFile('claude-code__tool_heavy.jsonl'), 1), await chosenFromFile(fixtureFile('gemini-cli__session-01.json'), 2)]);
  store().configAdded(twoTier);
  store().configAdded(autoCompactor);
  expect(await store().assertionAdded(' contextAfter <= 100000 ')).toBe(true);
}

describe('the experiment being defined', () => {
  it('keeps names unique, checks assertions, refuses to start without transcripts and says why', async () => {
    await store().start();
    expect(store().problem).toMatch(/^Add at least one transcript/);
    store().configAdded(twoTier);
    store().configAdded(twoTier);
    expect(store().draft.configs.map((config) => config.name)).toEqual(['two-tier', 'two-tier (2)']);
    expect(await store().assertionAdded('needRetention >= 0.8')).toBe(true);
    expect(await store().assertionAdded('retention>=1')).toBe(false);
    expect(store().problem).toMatch(/unknown metric "retention"/);
    expect(store().draft.assertions).toEqual(['needRetention>=0.8']);
  });

  it('shares the definition as a file and a link with names and hashes, never text, read-only until applied', async () => {
    await twoByTwo();
    const file = store().definitionFile();
    expect(file.fileName).toBe('experiment.experiment.json');
    expect(file.text).not.toContain('tool_use');
    const shared = JSON.parse(file.text);
    expect(shared.transcripts.map((ref: { name: string }) => ref.name)).toEqual(['claude-code__tool_heavy.jsonl', 'gemini-cli__session-01.json']);
    expect(shared.transcripts[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const made = store().definitionLink({ origin: 'https://lab.example', pathname: '/' });
    if (!('link' in made)) throw new Error(made.message);
    expect(made.link.startsWith(`https://lab.example/${experimentFragmentPrefix}`)).toBe(true);
    await store().definitionOffered('link', 'a shared link', made.link);
    const offer = store().offer;
    expect(offer?.reading).toEqual({ definition: shared });
    // Previewing changes nothing; applying finds the kept files by hash and marks the others missing.
    store().transcriptRemoved(0);
    expect(store().draft.transcripts).toHaveLength(1);
    await store().applyDefinition({ ...shared, transcripts: [...shared.transcripts, { name: 'elsewhere.jsonl', sha256: 'f'.repeat(64), sizeBytes: 10 }] });
    expect(store().offer).toBeUndefined();
    expect(store().draft.transcripts.map((chosen) => chosen.source.kind)).toEqual(['workspace', 'workspace', 'missing']);
    await store().start();
    expect(store().problem).toMatch(/^Not on this page: elsewhere\.jsonl/);
    // The missing file, added, takes its place in the definition's order.
    const codex = readFileSync(path.join(fixtures, 'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl'));
    const sha256 = createHash('sha256').update(codex).digest('hex');
    await store().applyDefinition({ ...shared, transcripts: [{ name: 'codex.jsonl', sha256, sizeBytes: codex.byteLength }, ...shared.transcripts] });
    expect(store().draft.transcripts[0].source.kind).toBe('missing');
    store().transcriptsAdded([await chosenFromFile(new File([codex], 'codex.jsonl'), 3)]);
    expect(store().draft.transcripts.map((each) => [each.ref.name, each.source.kind])).toEqual([['codex.jsonl', 'workspace'], ['claude-code__tool_heavy.jsonl', 'workspace'], ['gemini-cli__session-01.json', 'workspace']]);
  });

  it('offers a damaged link or a file that is not a definition with the reason', async () => {
    await store().definitionOffered('link', 'a shared link', 'https://lab.example/#experiment=!!');
    expect(store().offer?.reading).toEqual({ error: expect.stringMatching(/^the link is damaged/) });
    await store().definitionOffered('file', 'x.json', '{"version":1,"mode":"sideways"}');
    expect(store().offer?.reading).toEqual({ error: expect.stringMatching(/mode/) });
  });
});

describe('running an experiment', () => {
  it('runs every cell in real workers, judges them, keeps the experiment, and reopens it intact', async () => {
    await twoByTwo();
    let cellChanges = 0;
    const unsubscribe = useExperimentStore.subscribe((state, previous) => {
      if (state.current && state.current.cells !== previous.current?.cells) cellChanges += 1;
    });
    await store().start();
    unsubscribe();
    const run = store().current;
    expect(run?.status).toBe('finished');
    expect(run?.cells.map((cell) => (cell.row?.ok ? 'ok' : cell.row?.error))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(run?.progress).toMatchObject({ total: 4, done: 4, failed: 0, queued: 0, running: 0 });
    expect(run?.cells.map((cell) => `${cell.transcript.name} × ${cell.config}`)).toEqual([
      'claude-code__tool_heavy.jsonl × two-tier', 'claude-code__tool_heavy.jsonl × auto-compactor', 'gemini-cli__session-01.json × two-tier', 'gemini-cli__session-01.json × auto-compactor',
    ]);
    for (const cell of run?.cells ?? []) expect(cell.assertions).toEqual([{ assertion: 'contextAfter<=100000', pass: true, actual: cell.row?.ok ? cell.row.contextAfter : null }]);
    expect(run?.judgement?.configs.map((summary) => [summary.config, summary.cells, summary.passesAll])).toEqual([['two-tier', 2, true], ['auto-compactor', 2, true]]);
    // Twelve changes of status (queued, running, done for each cell) land in fewer, batched changes.
    expect(cellChanges).toBeGreaterThan(0);
    expect(cellChanges).toBeLessThan(12);
    expect(store().history.map((listing) => [listing.name, listing.status, listing.transcripts, listing.configs])).toEqual([[run?.name, 'finished', 2, 2]]);
    useExperimentStore.setState({ current: undefined });
    expect(await store().openExperiment(run?.id ?? '')).toBe(true);
    expect(store().current?.cells.map((cell) => [cell.key, cell.status, cell.row])).toEqual(run?.cells.map((cell) => [cell.key, cell.status, cell.row]));
    await store().renameExperiment(run?.id ?? '', 'Two by two');
    expect(store().history[0].name).toBe('Two by two');
    await store().deleteExperiment(run?.id ?? '');
    expect(store().history).toEqual([]);
    expect(store().current).toBeUndefined();
  });

  it('cancel stops the workers and marks the cells that had not ended', async () => {
    await twoByTwo();
    const started = store().start();
    await vi.waitFor(() => expect(store().current?.progress.running).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    store().cancel();
    await started;
    const run = store().current;
    expect(run?.status).toBe('cancelled');
    expect(run?.progress.cancelled).toBeGreaterThan(0);
    expect(run?.progress.queued).toBe(0);
    expect(run?.progress.running).toBe(0);
    for (const cell of run?.cells.filter((each) => each.status === 'cancelled') ?? []) expect(cell.row).toMatchObject({ ok: false, error: 'cancelled before it ran to the end' });
  });
});

describe('JSONL', () => {
  it('opens real eval --jsonl output as a finished experiment and exports what reads back the same', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'experiment-store-'));
    writeFileSync(path.join(folder, 'a.json'), JSON.stringify({ profile: 'two-tier' }));
    writeFileSync(path.join(folder, 'b.json'), JSON.stringify({ profile: 'auto-compactor' }));
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(root, 'src', 'cli', 'bin.mjs'), 'eval', path.join(fixtures, 'claude-code__tool_heavy.jsonl'), path.join(fixtures, 'gemini-cli__session-01.json'),
      '--config', path.join(folder, 'a.json'), '--config', path.join(folder, 'b.json'), '--jsonl', '--jobs', '2',
    ]);
    expect(await store().importJsonl(stdout, 'eval.jsonl')).toBe(true);
    const run = store().current;
    expect(run?.origin).toBe('import');
    expect(run?.status).toBe('finished');
    expect(run?.cells).toHaveLength(4);
    expect(run?.cells.every((cell) => cell.status === 'done')).toBe(true);
    expect(run?.judgement?.configs).toHaveLength(2);
    const exported = await store().exportJsonl();
    const original = unwrap(await labClient.readExperimentJsonl(stdout));
    const again = unwrap(await labClient.readExperimentJsonl(exported ?? ''));
    if ('error' in original || 'error' in again) throw new Error('unreadable');
    expect(again.definition).toEqual(original.definition);
    const ordered = (rows: typeof original.rows) => [...rows].sort((a, b) => `${a.file} ${a.config}`.localeCompare(`${b.file} ${b.config}`));
    expect(ordered(again.rows)).toEqual(ordered(original.rows));
    expect(store().history).toHaveLength(1);
  });

  it('says which line of a file is not an experiment', async () => {
    expect(await store().importJsonl('{"type":"cell"}\nnot json\n', 'bad.jsonl')).toBe(false);
    expect(store().problem).toMatch(/^bad\.jsonl could not be opened as an experiment: line 1/);
  });
});
