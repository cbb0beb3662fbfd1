import { create } from 'zustand';
import { agentCompactions, type RunStart } from '../engine';
import type { Transcript } from '../engine/transcript';
import { formatInteger } from '../ui/format';
import type { LastHeldAnswer } from '../worker-client/transcript-protocol';
import type { StartedFrom } from './run-store';

/** Where the run panel's next run starts: the whole file (the default) or the context as the agent last held it. */
interface RunStartState {
  start: RunStart;
  startChosen(start: RunStart): void;
}

/** The page's choice of where a run starts (in memory only: a new visit starts from the whole file). */
export const useRunStartStore = create<RunStartState>()((set) => ({
  start: 'whole-file',
  startChosen: (start) => set({ start }),
}));

/**
 * Whether a run of this transcript can start from the context the agent last held: the agent compacted and its last
 * compaction can be read (an encrypted summary leaves what it held unknown). Read from the markers alone, on the page.
 */
export function canStartFromLastHeld(transcript: Transcript | undefined): boolean {
  return transcript !== undefined && agentCompactions(transcript).at(-1)?.isReadable === true;
}

/** Where a run of this transcript starts: the choice, unless the transcript has no readable compaction to start from. */
export function effectiveStart(start: RunStart, transcript: Transcript | undefined): RunStart {
  return start === 'last-held' && canStartFromLastHeld(transcript) ? 'last-held' : 'whole-file';
}

/** The run store's note of a run that started from the context the worker registered as the agent last held it. */
export function startedFromHeld(held: LastHeldAnswer): StartedFrom {
  const messages = held.context.messages.length;
  return {
    transcript: held.context,
    transcriptKey: held.transcriptKey,
    ofTranscriptKey: held.ofTranscriptKey,
    label: `This run started from the context as the agent last held it: its compaction ${held.ordinal}'s summary and what followed (${formatInteger(messages)} message${messages === 1 ? '' : 's'}), not the whole file`,
  };
}
