import { useEffect, useState } from 'react';
import { useLabStore } from '../../app/store';
import { labClient } from '../../worker-client/lab-client';

/** What applying and then running a config would cost, as far as the page can tell before anything runs. */
export type CallEstimate =
  | { state: 'no-transcript' }
  | { state: 'estimating' }
  /** `summarizedTokens`: the context the offline run summarized (its estimate), what live calls would be fed at least. */
  | { state: 'estimated'; calls: number; summarizedTokens: number; summaryTokens: number }
  | { state: 'unknown'; reason: string };

/** Attempts when a newer prediction (the chart's what-if) supersedes this one. */
const attempts = 3;

/**
 * Predicts the run offline in the worker (no provider, no cost, callbacks never run) and counts its passes: each
 * pass is about one summarizer call when run with live providers. Without a transcript there is nothing to count.
 */
export function useCallEstimate(config: Record<string, unknown> | undefined): CallEstimate {
  const runKey = useLabStore((state) => state.imported?.runKeys[state.runIndex]);
  const [estimate, setEstimate] = useState<{ key: string; value: CallEstimate }>();
  useEffect(() => {
    if (!config || runKey === undefined) return;
    let isCurrent = true;
    const key = runKey;
    void (async () => {
      for (let attempt = 0; attempt < attempts && isCurrent; attempt += 1) {
        try {
          const prediction = await labClient.predictRun(key, config);
          if (!isCurrent) return;
          if ('cancelled' in prediction) continue;
          setEstimate({ key, value: prediction.error && prediction.passes === 0 ? { state: 'unknown', reason: prediction.error } : { state: 'estimated', calls: prediction.summarizerCalls, summarizedTokens: Math.max(0, prediction.tokens - prediction.tokensAfter), summaryTokens: prediction.tokensAfter } });
          return;
        } catch (error) {
          if (isCurrent) setEstimate({ key, value: { state: 'unknown', reason: error instanceof Error ? error.message : String(error) } });
          return;
        }
      }
      if (isCurrent) setEstimate({ key, value: { state: 'unknown', reason: 'the estimate was interrupted by another one' } });
    })();
    return () => {
      isCurrent = false;
    };
  }, [config, runKey]);
  if (!config || runKey === undefined) return { state: 'no-transcript' };
  return estimate?.key === runKey ? estimate.value : { state: 'estimating' };
}
