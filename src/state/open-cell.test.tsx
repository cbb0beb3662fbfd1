// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDocument } from '../engine/config';
import { useImport } from '../features/load/use-import';
import { useCompaction } from '../features/run/use-compaction';
import { pageWorkspaceForgotten } from '../workspace/page-workspace';
import { useConfigStore } from './config-store';
import { cellsOf } from './experiment-cells';
import type { ExperimentRun } from './experiment-history';
import { chosenFromFile } from './experiment-sources';
import { openCell, type CellOpening, type PageActions } from './open-cell';
import { resetPage } from './render-with-state.test-support';
import { useRunStore } from './run-store';
import { useLabStore } from './store';

vi.mock('../worker-client/lab-client', () => import('./in-process-lab-client.test-support'));

const fixtures = path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'transcripts');
const fixtureFile = (name: string) => new File([readFileSync(path.join(fixtures, name))], name);
const rollingSummary = defaultDocument('rolling-summary');

/** The page's own import and run, as the container lends them, and the views it was asked to show. */
function pageActions(shown: CellOpening[]): PageActions {
  const client = new QueryClient();
  const { result } = renderHook(() => ({ load: useImport(), run: useCompaction() }), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
  const { load, run } = result.current;
  return { openFile: (file) => load.importFile(file), compact: () => run.start(), replay: () => Promise.resolve(), show: (where) => shown.push(where) };
}

beforeEach(() => {
  resetPage();
  globalThis.indexedDB = new IDBFactory();
  pageWorkspaceForgotten();
});
afterEach(cleanup);

describe('opening a cell on the page', () => {
  it('loads its transcript from the workspace by hash, applies its config and runs it again in the inspector', async () => {
    const chosen = await chosenFromFile(fixtureFile('claude-code__tool_heavy.jsonl'), 1);
    const definition = { version: 1 as const, mode: 'compaction' as const, configs: [{ name: 'rolling', document: rollingSummary }], assertions: [], transcripts: [chosen.ref] };
    const run: ExperimentRun = { id: 'x', name: 'x', definition, origin: 'import', status: 'finished', cells: cellsOf(definition), progress: { queued: 0, running: 0, done: 1, failed: 0, cancelled: 0, total: 1 }, startedAt: 0, skipped: [] };
    const shown: CellOpening[] = [];
    const actions = pageActions(shown);
    const opened = await act(() => openCell(run, run.cells[0], 'inspector', actions));
    expect(opened).toEqual({ opened: true });
    expect(shown).toEqual(['inspector']);
    expect(useLabStore.getState()).toMatchObject({ loadStatus: 'ready', sourceName: 'claude-code__tool_heavy.jsonl' });
    expect(useConfigStore.getState().profile).toBe('rolling-summary');
    expect(useConfigStore.getState().config.document).toEqual(rollingSummary);
    await vi.waitFor(() => expect([useRunStore.getState().status, useRunStore.getState().problem, useRunStore.getState().result?.error?.message]).toEqual(['done', undefined, undefined]));
    expect(useRunStore.getState().runConfig).toMatchObject({ profile: 'rolling-summary' });
  });

  it('says so when the transcript is not on this page or the config has no document', async () => {
    const ref = { name: 'elsewhere.jsonl', sha256: 'a'.repeat(64), sizeBytes: 10 };
    const definition = { version: 1 as const, mode: 'compaction' as const, configs: [{ name: 'two-tier', document: defaultDocument('two-tier') }, { name: 'named-only.json' }], assertions: [], transcripts: [ref] };
    const run: ExperimentRun = { id: 'y', name: 'y', definition, origin: 'import', status: 'finished', cells: cellsOf(definition), progress: { queued: 0, running: 0, done: 2, failed: 0, cancelled: 0, total: 2 }, startedAt: 0, skipped: [] };
    const actions = pageActions([]);
    expect(await openCell(run, run.cells[0], 'inspector', actions)).toEqual({ problem: expect.stringMatching(/^elsewhere\.jsonl is not in this workspace/) });
    expect(await openCell(run, run.cells[1], 'session', actions)).toEqual({ problem: expect.stringMatching(/^The config named-only\.json has no document here/) });
    expect(useLabStore.getState().loadStatus).toBe('idle');
  });
});
