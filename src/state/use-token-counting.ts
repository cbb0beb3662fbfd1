import { useEffect } from 'react';
import { labClient } from '../worker-client/lab-client';
import { isCancelledAnswer, unwrap } from '../worker-client/reply';
import { countKey, useLabStore } from './store';
import { useSelectedTranscriptKey } from './selectors';

/** Starts an exact count in the worker whenever the selected transcript or the encoding changes. */
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
      .then((reply) => countFinished(key, unwrap(reply)))
      // A count superseded by a newer one (another transcript or encoding) is no failure: the newer one lands.
      .catch((error: unknown) => {
        if (!isCancelledAnswer(error)) countFailed(key, error instanceof Error ? error.message : String(error));
      });
  }, [transcriptKey, encoding]);
}
