import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLabStore } from '../../app/store';
import { labClient } from '../../worker-client/lab-client';
import type { ImportResponse } from '../../worker-client/protocol';
import { fetchSampleText, sampleKeys, type Sample } from './samples';

/** The three ways in — file, pasted text, sample — all import in the worker and land in the store the same way. */
export function useImport() {
  const queryClient = useQueryClient();
  const run = useCallback(async (name: string, work: () => Promise<ImportResponse>) => {
    const { loadStarted, loadSucceeded, loadFailed } = useLabStore.getState();
    loadStarted(name);
    try {
      const response = await work();
      if (response.runs.length === 0) {
        loadFailed(name, response.report.errors.map((issue) => issue.message).join('\n') || 'Nothing could be imported.');
        return;
      }
      loadSucceeded(name, response);
    } catch (error) {
      loadFailed(name, error instanceof Error ? error.message : String(error));
    }
  }, []);

  return {
    importFile: useCallback((file: File) => run(file.name, () => labClient.importFile(file)), [run]),
    importText: useCallback((text: string) => run('pasted text', () => labClient.importText(text, 'pasted text')), [run]),
    importSample: useCallback(
      (sample: Sample) =>
        run(sample.fileName, async () => {
          const text = await queryClient.fetchQuery({ queryKey: sampleKeys.text(sample.id), queryFn: () => fetchSampleText(sample), staleTime: Infinity });
          return labClient.importText(text, sample.fileName);
        }),
      [queryClient, run],
    ),
  };
}
