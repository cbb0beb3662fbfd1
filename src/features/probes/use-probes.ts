import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { compactProvidersOf } from '../../state/compact-providers';
import { isConnectAllowed } from '../../state/connect-policy';
import { useNetworkStore } from '../../state/network-store';
import { useProviderStore } from '../../state/provider-store';
import { useLabStore } from '../../state/store';
import { baseUrlOf } from '../../providers/live/provider-spec';
import { labClient } from '../../worker-client/lab-client';
import { latest } from '../../worker-client/latest';
import { probePlanQuery } from '../../worker-client/queries';
import { isCancelledAnswer, unwrap } from '../../worker-client/reply';
import type { ProviderSpec, ResultId } from '../../worker-client/protocol';
import type { Probe, ProbeOptions } from '../../worker-client/probe-protocol';
import { useProbeStore, type ProbeTarget } from './probe-store';

/** The model probes ask (the main rung of the Summarizer settings), or why there is none to ask. */
export function useProbeModel(): { spec: ProviderSpec } | { problem: string } {
  const mode = useProviderStore((state) => state.mode);
  const rungs = useProviderStore((state) => state.rungs);
  if (mode === 'offline') return { problem: 'Probe mode asks a live model with your own key, and the summarizer is offline: choose a live main model in the Summarizer settings.' };
  const chosen = compactProvidersOf(rungs);
  if ('error' in chosen) return { problem: `The main model is not ready: ${chosen.error}` };
  const spec = chosen.providers.main;
  if (!isConnectAllowed(baseUrlOf(spec))) return { problem: `This page's security policy does not allow ${new URL(baseUrlOf(spec)).origin} yet; allow it in the Summarizer settings.` };
  return { spec };
}

/**
 * The calls and most cost of probing `pass` of the result `resultId` names, computed in the worker without any call;
 * refreshed when anything it depends on changes. `askAgain`: an earlier report's questions (keyed by the report's
 * number) to ask again.
 */
export function useProbePlan(resultId: ResultId, pass: number, options: ProbeOptions, model: string | undefined, askAgain?: { questions: Probe[]; reportNumber: number }) {
  const encoding = useLabStore((state) => state.encoding);
  const prices = useProviderStore((state) => state.prices);
  return useQuery({
    ...probePlanQuery({ resultId, pass, options, encoding, model, prices, askAgain: askAgain?.questions }, askAgain?.reportNumber ?? 0),
    // Without a live model there is nothing to plan for, and the worker's counting would be wasted.
    enabled: pass > 0 && model !== undefined,
  });
}

/** Probe runs: a newer one (or a cancel) stops the one in flight. */
const probeRuns = latest();

/** Starts and cancels probe runs; their calls also go to the network panel, named by step. */
export function useProbeRun(): { start(target: ProbeTarget, spec: ProviderSpec, askAgain?: Probe[]): Promise<void>; cancel(): void } {
  const start = useCallback(async (target: ProbeTarget, spec: ProviderSpec, askAgain?: Probe[]) => {
    const store = useProbeStore.getState();
    if (store.status === 'running') return;
    store.started(target);
    const { prices } = useProviderStore.getState();
    try {
      const report = unwrap(
        await labClient.runProbes(
          { resultId: target.resultId, pass: target.pass, options: store.options, provider: spec, prices, askAgain },
          (step) => useProbeStore.getState().stepStarted(step),
          (call, step) => {
            useNetworkStore.getState().callRecorded(call, Date.now(), step);
            useProbeStore.getState().callFinished(call.costUsd);
          },
          probeRuns.next().signal,
        ),
      );
      useProbeStore.getState().ended({ report });
    } catch (error) {
      // A run the worker refused or that stopped says why in its words; the user's Cancel shows as cancelled.
      useProbeStore.getState().ended({ status: isCancelledAnswer(error) ? 'cancelled' : 'failed', problem: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  // The user's Cancel: the run answers as cancelled, which the panel shows.
  const cancel = useCallback(() => probeRuns.cancel(), []);
  return { start, cancel };
}
