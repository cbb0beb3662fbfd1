import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { EngineErrorCode } from '../../engine';
import { useConfigStore } from '../../state/config-store';
import { useNetworkStore } from '../../state/network-store';
import { useRunDocument } from '../../state/run-document';
import { checkedRunRequest } from '../../state/run-request';
import { useLabStore } from '../../state/store';
import type { LiveCallRecord } from '../../worker-client/protocol';
import type { VersusOutcome, VersusRequest, VersusSizing } from '../../worker-client/versus-protocol';
import { versusQuery } from '../../worker-client/queries';
import { refusalOf } from '../../worker-client/reply';
import { progressText, sentence } from './versus-format';

/** The worker's refusals that say there is nothing to compare against: said in the lab's words, not as a failure. */
const nothingToCompare: ReadonlySet<EngineErrorCode> = new Set(['no-compaction', 'no-such-boundary', 'unreadable-compaction']);

/** A live call of the comparison's run, for the network panel. */
function recordCall(call: LiveCallRecord): void {
  useNetworkStore.getState().callRecorded(call, Date.now());
}

/** Where the comparison of the transcript on screen stands, and how to start or stop it. */
export interface VersusState {
  /** The comparison asked for the transcript on screen (undefined before Compare, or after Cancel). */
  asked?: VersusRequest;
  outcome?: VersusOutcome;
  isRunning: boolean;
  /** The latest progress of the running comparison, in words. */
  progress?: string;
  /** Why the comparison could not be asked or did not answer, in words. */
  problem?: string;
  /** True when the worker answered the comparison asked, or said there was nothing to compare against. */
  isAnswered: boolean;
  /** True when the config, the encoding or the sizing changed since the shown comparison was asked. */
  isStale: boolean;
  compare(boundary: number | undefined): void;
  cancel(): void;
}

/**
 * The comparison with the agent's own compaction for the transcript on screen: asked on Compare with the run panel's
 * config, the page's encoding and summarizer choice, and `sizing` (the profile as configured, or sized like the agent's
 * summary); answered by the worker (`versusQuery`), with its progress in
 * words and its live calls in the network panel. Cancel stops the worker's run.
 */
export function useVersus(transcriptKey: string | undefined, sizing: VersusSizing): VersusState {
  const [asked, setAsked] = useState<VersusRequest>();
  const [progress, setProgress] = useState<string>();
  const [refused, setRefused] = useState<{ transcriptKey?: string; text: string }>();
  const encoding = useLabStore((state) => state.encoding);
  // The config as Compare would ask it now (with the page's window where it sets none), to say the shown one is stale.
  const document = useRunDocument();
  const queryClient = useQueryClient();
  const current = asked?.transcriptKey === transcriptKey ? asked : undefined;
  const options = versusQuery(current, {
    onProgress: (event) => {
      const text = progressText(event);
      if (text) setProgress(text);
    },
    onCall: recordCall,
  });
  const query = useQuery(options);
  const setRefusal = useCallback((text: string | undefined) => setRefused(text === undefined ? undefined : { transcriptKey, text }), [transcriptKey]);
  const compare = useCallback(
    (boundary: number | undefined) => {
      setRefusal(undefined);
      setProgress(undefined);
      const checked = checkedRunRequest(useConfigStore.getState().config);
      if ('problem' in checked) return setRefusal(checked.problem);
      if (transcriptKey === undefined) return;
      setAsked({ transcriptKey, ...checked, boundary, encoding, sizing });
    },
    [transcriptKey, encoding, sizing, setRefusal],
  );
  const queryKey = options.queryKey;
  const cancel = useCallback(() => {
    void queryClient.cancelQueries({ queryKey });
    setAsked(undefined);
    setRefusal('Cancelled: nothing was compared.');
  }, [queryClient, queryKey, setRefusal]);
  const isStale = current !== undefined && (current.encoding !== encoding || current.sizing !== sizing || JSON.stringify(current.config) !== JSON.stringify(document));
  // A refusal belongs to the transcript it was said about: another transcript on screen starts clean.
  const refusal = refused && refused.transcriptKey === transcriptKey ? refused.text : undefined;
  const refusedByWorker = refusalOf(query.error);
  const isNothingToCompare = refusedByWorker !== undefined && nothingToCompare.has(refusedByWorker.code);
  const failure = query.error ? (isNothingToCompare ? sentence(query.error.message) : `Comparing failed: ${query.error.message}`) : undefined;
  const isAnswered = query.data !== undefined || isNothingToCompare;
  return { asked: current, outcome: query.data, isRunning: current !== undefined && query.isFetching, progress, problem: refusal ?? failure, isAnswered, isStale, compare, cancel };
}
