import { create } from 'zustand';
import { formatInteger } from '../ui/format';
import { labClient } from '../worker-client/lab-client';
import type { ReplayId } from '../worker-client/replay-protocol';
import { unwrap } from '../worker-client/reply';
import { useRunStore } from './run-store';
import { useLabStore } from './store';

/**
 * "Compaction 3 of the session replay (auto-compactor) — its input is the context at message 412" (messages numbered
 * from 1); a profile that rebuilds each request from the history read the whole history up to there instead.
 */
function openedLabel(ordinal: number, profile: string, atMessage: number, inputKind: 'context' | 'history'): string {
  const input = inputKind === 'history' ? 'the session\u2019s whole history up to message' : 'the context at message';
  return `Compaction ${ordinal} of the session replay (${profile}) — its input is ${input} ${formatInteger(atMessage + 1)}`;
}

/**
 * Opens one compaction of a held session replay in the inspector: the worker holds its run and its input context by
 * ids of their own, and the run store shows that run — its passes, the config the replay ran with, its last pass
 * chosen — with the context standing in for the session in the pass timeline, Diff, Tokens, Retention and Export
 * (`useInspection`). Rejects with the worker's words when the replay is no longer held ("replay again"). An answer
 * that arrives after another transcript came on screen is dropped, so no run of one transcript shows on another; it
 * resolves false then, and true once the run store shows the compaction, so the caller shows the inspector only when
 * there is something in it.
 */
export async function openReplayCompaction(replayId: ReplayId, ordinal: number): Promise<boolean> {
  const opened = unwrap(await labClient.openReplayCompaction(replayId, ordinal));
  const { imported, transcriptIndex } = useLabStore.getState();
  if (imported?.transcriptKeys[transcriptIndex] !== opened.ofTranscriptKey) return false;
  const { context, transcriptKey, ofTranscriptKey, atMessage, profile, inputKind, resultId, result, config, encoding } = opened;
  const openedContext = { transcript: context, transcriptKey, ofTranscriptKey, replayId, ordinal, atMessage, profile, label: openedLabel(ordinal, profile, atMessage, inputKind) };
  useRunStore.getState().replayCompactionOpened(openedContext, { resultId, result }, config, encoding, Date.now());
  return true;
}

/** How often the user asked to go back from an opened compaction to the session view (the app switches tabs on a change). */
const useSessionAsksStore = create<{ asks: number }>()(() => ({ asks: 0 }));

/** Asks the app to show the session view again ("Show the session" beside an opened replay compaction). */
export function showSession(): void {
  useSessionAsksStore.setState((state) => ({ asks: state.asks + 1 }));
}

/** A number that grows each time the user asks for the session view: the app switches to it when the number changes. */
export function useSessionAsks(): number {
  return useSessionAsksStore((state) => state.asks);
}
