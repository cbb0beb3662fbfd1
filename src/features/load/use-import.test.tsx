// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../engine/formats/fixture-files.test-support';
import { useConfigOfferStore } from '../../state/config-offer-store';
import { loadFixture, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { useImport } from './use-import';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

function importer() {
  const client = new QueryClient();
  const { result } = renderHook(() => useImport(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
  return result.current;
}

const exported = { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { profile: 'two-tier', keepLast: 3 }, ab: { a: { profile: 'two-tier' }, b: { profile: 'two-tier', keepLast: 5 } } };

describe('opening a file that is a config, not a transcript', () => {
  beforeEach(() => {
    resetPage();
    useConfigOfferStore.setState(useConfigOfferStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it.each([
    ['a share export with an A/B pair', exported],
    ['the export without its header', { config: { profile: 'two-tier' }, prompts: { summarizePrompt: 'Sum {{formatted_messages}}' } }],
    ['a bare config document', { schemaVersion: 1, profile: 'rolling-summary' }],
    ['a bare document of the default profile (no profile named)', { schemaVersion: 1, keepRecentTokens: 3000 }],
    ['a document naming an unknown profile (the preview names it)', { schemaVersion: 1, profile: 'nope', keepRecentTokens: 3000 }],
  ])('offers %s as a config to preview, and leaves the transcript on screen as it was', async (_name, value) => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    const { imported, sourceName } = useLabStore.getState();
    const text = JSON.stringify(value, null, 2);
    const { importFile } = importer();
    await act(() => importFile(new File([text], 'experiment.json', { type: 'application/json' })));
    expect(useConfigOfferStore.getState().offer).toEqual({ from: 'load', name: 'experiment.json', text });
    expect(useLabStore.getState()).toMatchObject({ imported, sourceName, loadStatus: 'ready', loadError: undefined });
  });

  it('still imports a real transcript, and still says Unknown format for JSON that is neither', async () => {
    const { importFile, importText } = importer();
    await act(() => importFile(new File([readFixture('claude-code__tool_heavy.jsonl')], 'session.jsonl')));
    expect(useLabStore.getState()).toMatchObject({ loadStatus: 'ready', sourceName: 'session.jsonl' });
    await act(() => importText(JSON.stringify({ hello: 'world', items: [1, 2, 3] })));
    expect(useLabStore.getState()).toMatchObject({ loadStatus: 'error', loadError: expect.stringMatching(/^Unknown format\. Tried: .* If this is a config, use Share config → Upload config\.$/s) });
    expect(useConfigOfferStore.getState().offer).toBeUndefined();
  });
});
