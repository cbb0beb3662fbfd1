import { useEffect } from 'react';
import { labClient } from '../worker-client/lab-client';
import { countKey, useLabStore } from './store';
import { useSelectedTranscriptKey } from './selectors';

/** Starts an exact count in the worker whenever the selected run or the encoding changes. */
export function useTokenCounting(): void {
  const transcriptKey = useSelectedTranscriptKey();
  const encoding = useLabStore((state) => state.encoding);
  useEffect(() => {
    if (!transcriptKey) return;
    const key = countKey(transcriptKey, encoding);
    const { countStarted, batchCounted, countFinished, countFailed } = useLabStore.getState();
    countStarted(key);
    labClient
      .countTokens(transcriptKey, encoding, (batch) => batchCounted(key, batch))
      .then((result) => {
        if (!('cancelled' in result)) countFinished(key, result);
      })
      .catch((error: unknown) => countFailed(key, error instanceof Error ? error.message : String(error)));
  }, [transcriptKey, encoding]);
}
