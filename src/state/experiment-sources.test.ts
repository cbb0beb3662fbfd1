// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageWorkspaceForgotten } from '../workspace/page-workspace';
import { bytesOfChosen, chosenFromSample, chosenFromWorkspace } from './experiment-sources';

const bytes = new TextEncoder().encode('{"role":"user","content":"hello"}\n');
const sha256 = createHash('sha256').update(bytes).digest('hex');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  pageWorkspaceForgotten();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where an experiment’s transcripts come from', () => {
  it('names a bundled sample by its bytes’ hash, fetched once from the app’s samples', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(bytes);
    });
    const chosen = await chosenFromSample({ id: 'tiny', fileName: 'tiny.jsonl' });
    expect(chosen).toEqual({ ref: { name: 'tiny.jsonl', sha256, sizeBytes: bytes.byteLength }, source: { kind: 'sample', sampleId: 'tiny', fileName: 'tiny.jsonl' } });
    expect(await bytesOfChosen(chosen)).toEqual(bytes);
    expect(fetched).toEqual(['/samples/tiny.jsonl']);
  });

  it('names a workspace transcript by its record, and says a missing one is not on the page', async () => {
    const record = { id: sha256, sha256, name: 'kept.jsonl', formatLabel: 'OpenAI chat', sizeBytes: 10, addedAt: 1, openedAt: 1 };
    expect(chosenFromWorkspace(record)).toEqual({ ref: { name: 'kept.jsonl', sha256, sizeBytes: 10 }, source: { kind: 'workspace', id: sha256 } });
    await expect(bytesOfChosen({ ref: { name: 'gone.jsonl', sha256: 'b'.repeat(64), sizeBytes: 1 }, source: { kind: 'missing' } })).rejects.toThrow(/^gone\.jsonl is not on this page: add the file/);
  });
});
