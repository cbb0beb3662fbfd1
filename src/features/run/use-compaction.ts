import { useCallback, useEffect } from 'react';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { latest } from '../../worker-client/latest';
import { unwrap } from '../../worker-client/reply';
import { useNetworkStore } from '../../state/network-store';
import { useConfigStore } from '../../state/config-store';
import { checkedRunRequest } from '../../state/run-request';
import { useRunStore } from '../../state/run-store';
import { effectiveStart, startedFromHeld, useRunStartStore } from '../../state/run-start';

/** The inspector's runs: a superseded run is stopped, and its late events never land in the newer run's log. */
const inspectorRuns = latest();

/**
 * Stops a running compaction when a replay's compaction is opened in its place, and forgets the shown run when the
 * transcript on screen changes (another run picked, another file loaded): a running
 * compaction of the old one is cancelled and its late events are ignored, so no view pairs a result with the wrong
 * transcript.
 */
export function useRunFollowsTranscript(): void {
  // Opening a compaction of a session replay replaces the shown run: a compaction still running is stopped, and its
  // late events never land over the opened one.
  useEffect(
    () =>
      useRunStore.subscribe((state, previous) => {
        if (state.openedContext && state.openedContext !== previous.openedContext) inspectorRuns.forget();
      }),
    [],
  );
  useEffect(
    () =>
      useLabStore.subscribe((state, previous) => {
        const transcriptKey = state.imported?.transcriptKeys[state.transcriptIndex];
        if (transcriptKey === previous.imported?.transcriptKeys[previous.transcriptIndex]) return;
        const shown = useRunStore.getState();
        if (shown.transcriptKey === undefined || shown.transcriptKey === transcriptKey) return;
        inspectorRuns.forget();
        shown.runCleared();
      }),
    [],
  );
}

/** Starting and cancelling a compaction of the selected run, with events, streamed text and calls fed to the stores. */
export function useCompaction(): { start(runAnyway?: boolean): Promise<void>; cancel(): void } {
  const start = useCallback(async (runAnyway = false) => {
    const { imported, transcriptIndex, encoding } = useLabStore.getState();
    const run = useRunStore.getState();
    if (!imported) return;
    const transcriptKey = imported.transcriptKeys[transcriptIndex];
    const checked = checkedRunRequest(useConfigStore.getState().config);
    if ('problem' in checked) return run.runRefused(checked.problem, Date.now());
    const { signal, isCurrent } = inspectorRuns.next();
    // Probes of the shown result would describe a run the page is about to replace: stop spending on them.
    // A worker that has died has nothing to cancel; its end is reported by the run itself.
    labClient.cancelProbes().catch(() => undefined);
    const isFromLastHeld = effectiveStart(useRunStartStore.getState().start, imported.transcripts[transcriptIndex]) === 'last-held';
    try {
      // The worker registers the context the agent last held as a transcript of its own; the loaded one stays whole.
      const startedFrom = isFromLastHeld ? startedFromHeld(unwrap(await labClient.openLastHeld(transcriptKey))) : undefined;
      if (!isCurrent()) return;
      run.runStarted(transcriptKey, checked.config, encoding, Date.now(), startedFrom);
      const answer = unwrap(await labClient.compact(
        { transcriptKey: startedFrom?.transcriptKey ?? transcriptKey, ...checked, encoding, runAnyway },
        (event) => isCurrent() && useRunStore.getState().eventReceived(event, Date.now()),
        (text, role) => isCurrent() && useRunStore.getState().deltaReceived(text, role),
        (call) => {
          useNetworkStore.getState().callRecorded(call, Date.now());
          if (isCurrent()) useRunStore.getState().callReceived(call);
        },
        signal,
      ));
      if (isCurrent()) useRunStore.getState().runFinished(answer, Date.now());
    } catch (error) {
      if (isCurrent()) useRunStore.getState().runRefused(error instanceof Error ? error.message : String(error), Date.now());
    }
  }, []);
  // The user's Cancel stops the run but keeps it current: the cancelled run is still shown.
  const cancel = useCallback(() => inspectorRuns.cancel(), []);
  return { start, cancel };
}
