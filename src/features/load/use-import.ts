import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useConfigOfferStore } from '../../state/config-offer-store';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { latest } from '../../worker-client/latest';
import { unwrap } from '../../worker-client/reply';
import type { WorkerReply } from '../../worker-client/protocol';
import type { ImportResponse } from '../../worker-client/transcript-protocol';
import { configHint, configTextOf, type ConfigSniff } from './config-text';
import { applySampleSettings, leaveSampleSettings } from './sample-settings';
import { useLoadProgress } from './load-progress';
import { fetchSampleText, sampleKeys, type Sample } from './samples';
import { keepTranscript, transcriptNotKept } from '../../workspace/page-workspace';

/** Errors listed in a failed load's message before "and N more". */
const LISTED_ERRORS = 20;

/** Imports started on the page: only the latest may land. */
const imports = latest();

function summarizeErrors(messages: string[]): string {
  if (messages.length === 0) return 'Nothing could be imported.';
  const listed = messages.slice(0, LISTED_ERRORS).join('\n');
  return messages.length > LISTED_ERRORS ? `${listed}\n…and ${messages.length - LISTED_ERRORS} more` : listed;
}

/**
 * The three ways in — file, pasted text, sample — all import in the worker and land in the store the same way. A file
 * or a paste the importer refuses that is a config (`asConfig` finds it) is offered as one to preview and apply; the
 * transcript on screen stays.
 */
export function useImport() {
  const queryClient = useQueryClient();
  const run = useCallback(async (name: string, work: () => Promise<WorkerReply<ImportResponse>>, options: { sample?: Sample; asConfig?: () => Promise<ConfigSniff>; keep?: Blob | string } = {}) => {
    const { sample, asConfig, keep } = options;
    const { loadStarted } = useLabStore.getState();
    const request = imports.next();
    loadStarted(name);
    try {
      const response = unwrap(await work());
      // A slower, older import (a sample still downloading when a file was dropped) must not replace a newer one.
      if (!request.isCurrent()) return;
      const { loadSucceeded, loadFailed } = useLabStore.getState();
      if (response.transcripts.length === 0) {
        const sniffed = await asConfig?.();
        if (!request.isCurrent()) return;
        if (sniffed && 'config' in sniffed) {
          useLabStore.getState().loadSetAside();
          useConfigOfferStore.getState().configOffered({ from: 'load', name, text: sniffed.config });
          return;
        }
        const summary = summarizeErrors(response.report.errors.map((issue) => issue.message));
        loadFailed(name, sniffed ? `${summary} ${configHint}` : summary);
        return;
      }
      loadSucceeded(name, response);
      // A sample opens with settings under which it compacts; a file of the user's keeps the config as it is.
      if (sample) applySampleSettings(sample);
      else leaveSampleSettings();
      // The workspace keeps the user's own transcripts for a reload; a sample is the app's, so it is never kept.
      if (keep === undefined) transcriptNotKept();
      else void keepTranscript(keep, name, response.report.formatLabel);
    } catch (error) {
      if (request.isCurrent()) useLabStore.getState().loadFailed(name, error instanceof Error ? error.message : String(error));
    }
  }, []);

  return {
    importFile: useCallback((file: File) => run(file.name, () => labClient.importFile(file), { asConfig: () => configTextOf(file), keep: file }), [run]),
    importText: useCallback((text: string) => run('pasted text', () => labClient.importText(text, 'pasted text'), { asConfig: () => configTextOf(text), keep: text }), [run]),
    importSample: useCallback(
      (sample: Sample) =>
        run(sample.fileName, async () => {
          const { downloadProgressed, importStarted } = useLoadProgress.getState();
          downloadProgressed(0, undefined);
          const text = await queryClient.fetchQuery({ queryKey: sampleKeys.text(sample.id), queryFn: () => fetchSampleText(sample, downloadProgressed), staleTime: Infinity });
          importStarted();
          return labClient.importText(text, sample.fileName);
        }, { sample }),
      [queryClient, run],
    ),
  };
}
