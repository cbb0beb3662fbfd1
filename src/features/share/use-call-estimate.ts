import { useEffect, useState } from 'react';
import { useLabStore } from '../../state/store';
import type { EncodingName, SettingsProblem } from '../../engine';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import type { RunPrediction } from '../../worker-client/run-protocol';

/** What applying and then running a config would cost, as far as the page can tell before anything runs. */
export type CallEstimate =
  | { state: 'no-transcript' }
  | { state: 'estimating' }
  /**
   * `summarizedTokens`: what the offline run removed from the context, exactly counted in `encoding` — what live calls
   * would be fed at least; `summaryTokens`: the context it left, an upper bound on what they would write.
   * `settingsProblems`: why the config cannot work as set, when it cannot.
   */
  | { state: 'estimated'; calls: number; summarizedTokens: number; summaryTokens: number; encoding: EncodingName; settingsProblems: SettingsProblem[] }
  | { state: 'unknown'; reason: string };

/** The estimate of a prediction: its calls, and the tokens in and out on exact counts (never the gate's estimate, whose basis can be logged usage). */
function estimated(prediction: RunPrediction, encoding: EncodingName): CallEstimate {
  const before = prediction.exact?.before ?? 0;
  const after = prediction.exact?.after ?? 0;
  return { state: 'estimated', calls: prediction.summarizerCalls, summarizedTokens: Math.max(0, before - after), summaryTokens: after, encoding, settingsProblems: prediction.settingsProblems };
}

/** Attempts when a newer prediction (the chart's what-if) supersedes this one. */
const attempts = 3;

/**
 * Predicts the run offline in the worker (no provider, no cost, callbacks never run) and counts its passes: each
 * pass is about one summarizer call when run with live providers. Without a transcript there is nothing to count.
 */
export function useCallEstimate(config: Record<string, unknown> | undefined): CallEstimate {
  const transcriptKey = useLabStore((state) => state.imported?.transcriptKeys[state.transcriptIndex]);
  const encoding = useLabStore((state) => state.encoding);
  const [estimate, setEstimate] = useState<{ key: string; value: CallEstimate }>();
  useEffect(() => {
    if (!config || transcriptKey === undefined) return;
    let isCurrent = true;
    const key = transcriptKey;
    void (async () => {
      for (let attempt = 0; attempt < attempts && isCurrent; attempt += 1) {
        try {
          const reply = await labClient.predictRun(key, config, encoding);
          if (!isCurrent) return;
          if (!reply.ok && reply.error.code === 'cancelled') continue;
          const prediction = unwrap(reply);
          setEstimate({ key, value: prediction.error && prediction.passes === 0 ? { state: 'unknown', reason: prediction.error } : estimated(prediction, encoding) });
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
  }, [config, transcriptKey, encoding]);
  if (!config || transcriptKey === undefined) return { state: 'no-transcript' };
  return estimate?.key === transcriptKey ? estimate.value : { state: 'estimating' };
}
