import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { blockedMessage, openWorkspace, type OpenWorkspaceOptions } from './open-workspace';
import { maxStoredTranscriptBytes, type WorkspaceResult } from './workspace-errors';
import type { Workspace } from './workspace';
import { workspaceSchemaVersion } from './workspace-schema';

let databaseCount = 0;
const opened: Workspace[] = [];

afterEach(() => {
  for (const workspace of opened.splice(0)) workspace.close();
});

function value<Value>(result: WorkspaceResult<Value>): Value {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function freshWorkspace(options: OpenWorkspaceOptions = {}): Promise<Workspace> {
  databaseCount += 1;
  const workspace = value(await openWorkspace({ databaseName: `workspace-test-${databaseCount}`, ...options }));
  opened.push(workspace);
  return workspace;
}

/** Bytes no text decoder would keep as they are: a byte-order mark, invalid UTF-8, a zero and every byte value. */
function awkwardBytes(): Uint8Array {
  const bytes = new Uint8Array(1024 + 5);
  bytes.set([0xef, 0xbb, 0xbf, 0xff, 0x00]);
  for (let index = 0; index < 1024; index += 1) bytes[5 + index] = index % 256;
  return bytes;
}

describe('the workspace store', () => {
  it('keeps a transcript’s bytes byte for byte, with its name, format, size and sha256, and lists it without its bytes', async () => {
    const workspace = await freshWorkspace();
    const bytes = awkwardBytes();
    const { record, isNew } = value(await workspace.addTranscript({ bytes, name: 'session.jsonl', formatLabel: 'Claude Code JSONL' }, 1000));
    expect(isNew).toBe(true);
    expect(record).toMatchObject({ name: 'session.jsonl', formatLabel: 'Claude Code JSONL', sizeBytes: 1029, addedAt: 1000, openedAt: 1000 });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    bytes[0] = 0;
    const stored = value(await workspace.transcriptBytes(record.id));
    expect(Array.from(stored)).toEqual(Array.from(awkwardBytes()));
    const listed = value(await workspace.listTranscripts());
    expect(listed).toEqual([record]);
    expect(listed[0]).not.toHaveProperty('bytes');
  });

  it('keeps the same bytes once: loading them again marks the record opened and last', async () => {
    const workspace = await freshWorkspace();
    const first = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('a'), name: 'a.txt', formatLabel: 'Plain text' }, 1));
    value(await workspace.addTranscript({ bytes: new TextEncoder().encode('b'), name: 'b.txt', formatLabel: 'Plain text' }, 2));
    const again = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('a'), name: 'a copy.txt', formatLabel: 'Plain text' }, 3));
    expect(again).toEqual({ record: { ...first.record, openedAt: 3 }, isNew: false });
    expect(value(await workspace.listTranscripts()).map((record) => record.name)).toEqual(['a.txt', 'b.txt']);
    expect(value(await workspace.meta()).lastTranscriptId).toBe(first.record.id);
  });

  it('keeps a file added to an experiment without making it the last opened, so a reload does not reopen it', async () => {
    const workspace = await freshWorkspace();
    const opened = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('opened'), name: 'opened.txt', formatLabel: 'Plain text' }, 1));
    const kept = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('for an experiment'), name: 'cell.txt', formatLabel: 'Plain text' }, 2, { asOpened: false }));
    expect(kept.isNew).toBe(true);
    expect(value(await workspace.meta()).lastTranscriptId).toBe(opened.record.id);
    expect(value(await workspace.listTranscripts()).map((record) => record.name).sort()).toEqual(['cell.txt', 'opened.txt']);
  });

  it('renames and deletes a transcript, its bytes and its runs, and forgets it as the last opened', async () => {
    const workspace = await freshWorkspace();
    const { record } = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('hello'), name: 'a.txt', formatLabel: 'Plain text' }, 1));
    const run = value(await workspace.addRun({ name: 'a.txt · pi', kind: 'compaction', transcriptId: record.id, transcriptIndex: 0, configText: '{}', profile: 'pi', createdAt: 2, summary: { outcome: 'done', passes: 1, summarizerCalls: 1, estimatedTokensBefore: 10, estimatedTokensAfter: 5 } }));
    expect(value(await workspace.meta())).toEqual({ lastTranscriptId: record.id, lastRunId: run.id });
    value(await workspace.rename('transcripts', record.id, 'renamed'));
    expect(value(await workspace.getTranscript(record.id)).name).toBe('renamed');
    value(await workspace.deleteTranscript(record.id));
    expect(value(await workspace.listTranscripts())).toEqual([]);
    expect(value(await workspace.listRuns())).toEqual([]);
    expect(await workspace.transcriptBytes(record.id)).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(value(await workspace.meta())).toEqual({});
  });

  it('saves, lists, renames and deletes configs and experiments', async () => {
    const workspace = await freshWorkspace();
    const config = value(await workspace.saveConfig('tight window', '{"profile":"pi"}', 5));
    value(await workspace.rename('configs', config.id, 'tighter window'));
    expect(value(await workspace.listConfigs())).toEqual([{ ...config, name: 'tighter window' }]);
    const experiment = value(await workspace.putExperiment({ id: 'e1', name: 'four configs', createdAt: 1, updatedAt: 1, definition: { configs: ['a', 'b'], assertions: [{ needRetention: 0.8 }] } }));
    expect(value(await workspace.getExperiment('e1'))).toEqual(experiment);
    value(await workspace.delete('configs', config.id));
    value(await workspace.delete('experiments', 'e1'));
    expect(value(await workspace.listConfigs())).toEqual([]);
    expect(value(await workspace.listExperiments())).toEqual([]);
    expect(await workspace.rename('configs', config.id, 'gone')).toMatchObject({ ok: false, error: { code: 'failed' } });
  });

  it('refuses a transcript over the limit, naming the limit, and keeps nothing of it', async () => {
    const workspace = await freshWorkspace();
    const refused = await workspace.addTranscript({ bytes: new Uint8Array(maxStoredTranscriptBytes + 1), name: 'huge.jsonl', formatLabel: 'Claude Code JSONL' }, 1);
    expect(refused).toEqual({ ok: false, error: { code: 'too-large', message: '“huge.jsonl” (50.0 MB) is open but not kept in the workspace: it keeps transcripts up to 50.0 MB.' } });
    expect(value(await workspace.listTranscripts())).toEqual([]);
  });

  it('says in words that the quota refused a write, and loses nothing already stored', async () => {
    const workspace = await freshWorkspace();
    const kept = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('kept'), name: 'kept.txt', formatLabel: 'Plain text' }, 1));
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'transcriptBytes') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      const refused = await workspace.addTranscript({ bytes: new Uint8Array(2048), name: 'big.jsonl', formatLabel: 'Codex JSONL' }, 2);
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe('quota');
      expect(refused.error.message).toMatch(/^The workspace could not keep “big\.jsonl” \(2\.0 KB\): .*storage quota.*Nothing already kept was lost/);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(value(await workspace.listTranscripts())).toEqual([kept.record]);
    expect(new TextDecoder().decode(value(await workspace.transcriptBytes(kept.record.id)))).toBe('kept');
    expect(value(await workspace.meta()).lastTranscriptId).toBe(kept.record.id);
  });

  it('answers blocked in words at once while an older tab holds the database open, and gives the older tab way when it is ours', async () => {
    databaseCount += 1;
    const databaseName = `workspace-test-${databaseCount}`;
    const older = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, workspaceSchemaVersion);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const blocked = await openWorkspace({ databaseName, version: workspaceSchemaVersion + 1 });
    expect(blocked).toEqual({ ok: false, error: { code: 'blocked', message: blockedMessage } });
    expect(blockedMessage).toMatch(/another tab holds an older Compaction Lab workspace open.*close that tab and reload/i);
    older.close();

    const reasons: string[] = [];
    const ours = await freshWorkspace({ onClosed: (reason) => reasons.push(reason) });
    const newer = await openWorkspace({ databaseName: `workspace-test-${databaseCount}`, version: workspaceSchemaVersion + 1 });
    expect(newer.ok).toBe(true);
    if (newer.ok) opened.push(newer.value);
    expect(reasons).toEqual([expect.stringMatching(/newer Compaction Lab tab upgraded the workspace/)]);
    expect(await ours.listTranscripts()).toMatchObject({ ok: false, error: { code: 'closed' } });
  });

  it('keeps a compaction’s state with its run, and deletes it with the run or the transcript', async () => {
    const workspace = await freshWorkspace();
    const { record } = value(await workspace.addTranscript({ bytes: new TextEncoder().encode('hello'), name: 'a.txt', formatLabel: 'Plain text' }, 1));
    const head = { kind: 'compaction' as const, transcriptId: record.id, transcriptIndex: 0, configText: '{}', profile: 'pi', summary: { outcome: 'done' as const, passes: 1, summarizerCalls: 1, estimatedTokensBefore: 10, estimatedTokensAfter: 5 } };
    const state = { messages: [{ id: 's1', role: 'user' as const, origin: 'summary' as const, blocks: [{ kind: 'text' as const, text: 'summary' }], sourceRef: {}, raw: null }], fates: { m1: { kind: 'summarized' as const, summaryId: 's1' } }, insertions: [['s1', 'summary']] as [string, 'summary'][] };
    const first = value(await workspace.addRun({ ...head, name: 'first', createdAt: 2 }, state));
    const second = value(await workspace.addRun({ ...head, name: 'second', createdAt: 3 }, { insertions: [] }));
    const replay = value(await workspace.addRun({ ...head, kind: 'replay', name: 'replay', createdAt: 4 }));
    expect(value(await workspace.getRunState(first.id))).toEqual({ ...state, id: first.id });
    expect(value(await workspace.getRunState(second.id))).toEqual({ id: second.id, insertions: [] });
    expect(await workspace.getRunState(replay.id)).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringMatching(/kept no state to compare/) } });
    value(await workspace.delete('runs', first.id));
    expect(await workspace.getRunState(first.id)).toMatchObject({ ok: false, error: { code: 'not-found' } });
    value(await workspace.deleteTranscript(record.id));
    expect(await workspace.getRunState(second.id)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('brings a first-version workspace up to date, keeping everything in it', async () => {
    databaseCount += 1;
    const databaseName = `workspace-test-${databaseCount}`;
    const first = value(await openWorkspace({ databaseName, version: 1 }));
    const { record } = value(await first.addTranscript({ bytes: new TextEncoder().encode('kept'), name: 'old.txt', formatLabel: 'Plain text' }, 1));
    first.close();
    const current = value(await openWorkspace({ databaseName }));
    opened.push(current);
    expect(value(await current.listTranscripts())).toEqual([record]);
    const run = value(await current.addRun({ name: 'new', kind: 'compaction', transcriptId: record.id, transcriptIndex: 0, configText: '{}', profile: 'pi', createdAt: 2, summary: { outcome: 'done', passes: 0, summarizerCalls: 0, estimatedTokensBefore: 1, estimatedTokensAfter: 1 } }, { insertions: [] }));
    expect(value(await current.getRunState(run.id))).toEqual({ id: run.id, insertions: [] });
  });

  it('reports storage use from the records, and clears everything', async () => {
    const workspace = await freshWorkspace();
    value(await workspace.addTranscript({ bytes: new Uint8Array(3000), name: 'a', formatLabel: 'Plain text' }, 1));
    value(await workspace.addTranscript({ bytes: new Uint8Array(2000), name: 'b', formatLabel: 'Plain text' }, 2));
    expect(value(await workspace.storageUse()).transcriptBytes).toBe(5000);
    value(await workspace.clear());
    expect(value(await workspace.listTranscripts())).toEqual([]);
    expect(value(await workspace.meta())).toEqual({});
  });
});
