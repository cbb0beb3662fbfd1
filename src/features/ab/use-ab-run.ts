import { useCallback } from 'react';
import { useNetworkStore } from '../../state/network-store';
import { useProviderStore } from '../../state/provider-store';
import { checkedRunRequest, type CheckedRunRequest } from '../../state/run-request';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { useConfigStore } from '../../state/config-store';
import type { CompactionEvent, EngineErrorCode } from '../../engine';
import { labClient } from '../../worker-client/lab-client';
import { latest } from '../../worker-client/latest';
import { unwrap } from '../../worker-client/reply';
import type { LiveCallRecord } from '../../worker-client/protocol';
import { useAbStore, type AbRecordedRun, type AbVariantId } from './ab-store';
import { rungsOfB, summarizerLabel } from './ab-variants';

/** The codes of a config refused by the worker's pre-flight before any work. */
const refusalCodes: ReadonlySet<EngineErrorCode> = new Set(['invalid-config', 'invalid-prompt', 'impossible-settings']);

/** A/B series: a cancelled or superseded series stops at its next step and never records late runs. */
const abSeries = latest();

interface PreparedVariant extends CheckedRunRequest {
  id: AbVariantId;
  summarizer: string;
}

/** Both variants ready to run, each checked by the page's one pre-flight and named, or the first problem (nothing has run yet). */
function prepareVariants(): PreparedVariant[] | { error: string } {
  const { mode, rungs } = useProviderStore.getState();
  const { bModels } = useAbStore.getState();
  const { config, variantB } = useConfigStore.getState();
  const variants: PreparedVariant[] = [];
  for (const [id, parsed, variantRungs] of [['a', config, rungs], ['b', variantB ?? config, rungsOfB(rungs, bModels)]] as const) {
    const checked = checkedRunRequest(parsed, { name: `Variant ${id.toUpperCase()}`, rungs: variantRungs });
    if ('problem' in checked) return { error: checked.problem };
    variants.push({ id, ...checked, summarizer: summarizerLabel(mode, variantRungs) });
  }
  return variants;
}

/**
 * Runs A then B, each `repeats` times, one compaction at a time on the selected transcript (the worker runs one at a
 * time, so a run started elsewhere supersedes ours and ends the series as cancelled). Results go to the A/B store
 * only; calls also go to the network panel.
 */
export function useAbRun(): { start(): Promise<void>; cancel(): void } {
  const start = useCallback(async () => {
    const { imported, transcriptIndex, encoding } = useLabStore.getState();
    const ab = useAbStore.getState();
    if (!imported || ab.status === 'running') return;
    if (useRunStore.getState().status === 'running') {
      ab.abEnded('failed', 'A compaction is running in the Compaction panel; wait for it to end (the worker runs one at a time).');
      return;
    }
    const transcriptKey = imported.transcriptKeys[transcriptIndex];
    const series = abSeries.next();
    ab.abStarted(transcriptKey, encoding);
    const variants = prepareVariants();
    if ('error' in variants) return ab.abEnded('failed', variants.error);
    const repeats = ab.repeats;
    try {
      for (const variant of variants) {
        useAbStore.getState().variantStarted(variant.id, variant.config, variant.summarizer);
        for (let run = 1; run <= repeats; run++) {
          if (!series.isCurrent()) return;
          useAbStore.getState().progressed(variant.id, run, repeats);
          const calls: LiveCallRecord[] = [];
          const attempts: CompactionEvent[] = [];
          const started = performance.now();
          const collectAttempt = (event: CompactionEvent) => {
            if (event.type === 'attempt-start') attempts.push(event);
          };
          const onCall = (call: LiveCallRecord) => {
            useNetworkStore.getState().callRecorded(call, Date.now());
            calls.push(call);
          };
          const { resultId, result } = unwrap(await labClient.compact({ transcriptKey, config: variant.config, providers: variant.providers, prices: variant.prices, encoding }, collectAttempt, undefined, onCall, series.signal));
          const durationMs = performance.now() - started;
          // A config the worker's pre-flight refuses ran nothing: nothing to measure.
          const isRefused = result.error !== undefined && refusalCodes.has(result.error.code);
          let retention: AbRecordedRun['retention'];
          try {
            retention = series.isCurrent() && !isRefused && !result.cancelled ? unwrap(await labClient.measureRetention(resultId)) : undefined;
          } finally {
            // The panel keeps what it measured, so the worker may drop the run: a long series never pushes out the inspector's result.
            labClient.releaseResult(resultId).catch(() => undefined);
          }
          if (!series.isCurrent()) return;
          // Say which variant's settings were refused, and stop the series.
          if (isRefused) return useAbStore.getState().abEnded('failed', `Variant ${variant.id.toUpperCase()}: ${result.error?.message}`);
          const recorded: AbRecordedRun = { result, calls, durationMs, retention, attempts };
          useAbStore.getState().runRecorded(variant.id, recorded);
          if (result.cancelled) return useAbStore.getState().abEnded('cancelled');
        }
      }
      useAbStore.getState().abEnded('done');
    } catch (error) {
      if (series.isCurrent()) useAbStore.getState().abEnded('failed', error instanceof Error ? error.message : String(error));
    }
  }, []);
  const cancel = useCallback(() => {
    // Forgotten, not only cancelled: the series ends here as cancelled, and its run in flight is stopped and never recorded.
    abSeries.forget();
    if (useAbStore.getState().status === 'running') useAbStore.getState().abEnded('cancelled');
  }, []);
  return { start, cancel };
}
