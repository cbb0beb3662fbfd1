import { useCallback } from 'react';
import { useConfigStore } from '../../state/config-store';
import { useNetworkStore } from '../../state/network-store';
import { openReplayCompaction } from '../../state/open-replay-compaction';
import { checkedRunRequest, type CheckedRunRequest } from '../../state/run-request';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { latest } from '../../worker-client/latest';
import type { LiveCallRecord } from '../../worker-client/protocol';
import { refusalOf, unwrap } from '../../worker-client/reply';
import { useSessionStore, type PolicyId } from './session-store';

/**
 * The Session tab's starts, the latest winning (one series, as run, A/B, import and probes have theirs): a start is one
 * request whose signal both of its replays (A and B) take, so aborting it asks the worker to stop every running replay
 * (`cancelReplays`). A newer start aborts the one before, whose answers and progress then never land; Cancel stops the
 * current one, whose replays still land, with the steps up to then.
 */
const starts = latest();

/** A live call of a replay's compactions, for the network panel. */
function recordCall(call: LiveCallRecord): void {
  useNetworkStore.getState().callRecorded(call, Date.now());
}

/** The requests to replay, each checked by the page's one pre-flight before any call; or why none can run. */
function requestsToReplay(withB: boolean): { requests: [PolicyId, CheckedRunRequest][] } | { problem: string } {
  const { config, variantB } = useConfigStore.getState();
  const a = checkedRunRequest(config);
  if ('problem' in a) return a;
  if (!withB) return { requests: [['a', a]] };
  const b = checkedRunRequest(variantB ?? config, { name: 'Policy B' });
  return 'problem' in b ? b : { requests: [['a', a], ['b', b]] };
}

/**
 * Replaying the session on screen under the run panel's config (and, comparing, policy B's) with the page's encoding
 * and summarizer choice, as the run panel's `useCompaction` runs one compaction; Cancel stops every running replay,
 * which answers with the steps up to then. `open` shows one compaction in the pass timeline and the inspector views,
 * and resolves whether it did (the app then switches to them).
 */
export function useSessionReplay(): { start(runAnyway?: boolean): Promise<void>; cancel(): void; open(policy: PolicyId, ordinal: number): Promise<boolean> } {
  const start = useCallback(async (runAnyway = false) => {
    const { imported, transcriptIndex, encoding } = useLabStore.getState();
    const store = useSessionStore.getState();
    if (!imported) return;
    const transcriptKey = imported.transcriptKeys[transcriptIndex];
    const checked = requestsToReplay(store.isComparing);
    if ('problem' in checked) return store.refused(checked.problem);
    const asked = starts.next();
    // What a replay of this start says lands only while no newer start superseded it.
    const land = (change: () => void) => {
      if (asked.isCurrent()) change();
    };
    const configs = Object.fromEntries(checked.requests.map(([policy, request]) => [policy, request.config]));
    store.replaysStarted(transcriptKey, encoding, configs, checked.requests[0][1].providers === undefined, checked.requests[0][1].prices);
    await Promise.all(
      checked.requests.map(async ([policy, request]) => {
        try {
          const outcome = unwrap(
            await labClient.replaySession(
              { transcriptKey, ...request, encoding, runAnyway },
              (progress) => land(() => useSessionStore.getState().progressed(policy, progress)),
              undefined,
              recordCall,
              asked.signal,
            ),
          );
          land(() => useSessionStore.getState().finished(policy, outcome));
        } catch (error) {
          // A replay refused before it ran says why (settings that cannot work offer "Replay anyway").
          land(() => useSessionStore.getState().failed(policy, error instanceof Error ? error.message : String(error), refusalOf(error)?.code));
        }
      }),
    );
  }, []);
  const cancel = useCallback(() => starts.cancel(), []);
  const open = useCallback(async (policy: PolicyId, ordinal: number) => {
    const store = useSessionStore.getState();
    const replayId = store.replays[policy]?.replayId;
    if (replayId === undefined) return false;
    try {
      // False when another transcript came on screen before the answer: nothing opened, so nothing to show.
      const isShown = await openReplayCompaction(replayId, ordinal);
      store.openFailed(undefined);
      return isShown;
    } catch (error) {
      store.openFailed(`Compaction ${ordinal} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }, []);
  return { start, cancel, open };
}
