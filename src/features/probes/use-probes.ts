import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { compactProvidersOf } from '../../state/compact-providers';
import { isConnectAllowed } from '../../state/connect-policy';
import { useNetworkStore } from '../../state/network-store';
import { useProviderStore } from '../../state/provider-store';
import { useLabStore } from '../../state/store';
import { baseUrlOf } from '../../providers/live/provider-spec';
import { labClient } from '../../worker-client/lab-client';
import type { Probe, ProbeOptions, ProviderSpec } from '../../worker-client/protocol';
import { useProbeStore } from './probe-store';

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
 * The calls and most cost of probing `pass`, computed in the worker without any call; refreshed when anything it
 * depends on changes. `askAgain`: an earlier report's questions (keyed by the report's number) to ask again.
 */
export function useProbePlan(transcriptKey: string | undefined, resultId: number, pass: number, options: ProbeOptions, model: string | undefined, askAgain?: { questions: Probe[]; reportNumber: number }) {
  const encoding = useLabStore((state) => state.encoding);
  const prices = useProviderStore((state) => state.prices);
  return useQuery({
    queryKey: ['probe-plan', transcriptKey, resultId, pass, options.questions, options.perKind, model, encoding, prices, askAgain?.reportNumber ?? 0],
    queryFn: () => labClient.planProbes({ transcriptKey: transcriptKey as string, pass, options, encoding, model, prices, askAgain: askAgain?.questions }),
    // Without a live model there is nothing to plan for, and the worker's counting would be wasted.
    enabled: transcriptKey !== undefined && resultId !== 0 && pass > 0 && model !== undefined,
    staleTime: Infinity,
  });
}

/** Starts and cancels probe runs; their calls also go to the network panel, named by step. */
export function useProbeRun(): { start(transcriptKey: string, target: { result: number; pass: number }, spec: ProviderSpec, askAgain?: Probe[]): Promise<void>; cancel(): void } {
  const start = useCallback(async (transcriptKey: string, target: { result: number; pass: number }, spec: ProviderSpec, askAgain?: Probe[]) => {
    const store = useProbeStore.getState();
    if (store.status === 'running') return;
    store.started(target);
    const { prices } = useProviderStore.getState();
    try {
      const outcome = await labClient.runProbes(
        { transcriptKey, pass: target.pass, options: store.options, provider: spec, prices, askAgain },
        (step) => useProbeStore.getState().stepStarted(step),
        (call, step) => {
          useNetworkStore.getState().callRecorded(call, Date.now(), step);
          useProbeStore.getState().callFinished(call.costUsd);
        },
      );
      useProbeStore.getState().ended(outcome.ok ? { report: outcome.report } : { status: outcome.cancelled ? 'cancelled' : 'failed', problem: outcome.message });
    } catch (error) {
      useProbeStore.getState().ended({ status: 'failed', problem: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  const cancel = useCallback(() => {
    void labClient.cancelProbes();
  }, []);
  return { start, cancel };
}
