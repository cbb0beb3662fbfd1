import type { Transcript } from '../engine/transcript/model';
import { useRunStore } from './run-store';
import { useSelectedTranscript } from './selectors';

/**
 * The transcript every view shows: the selected run as imported (pass 0), or the state after the chosen pass of its
 * latest compaction — the pass's messages with the original's system prompt and source, which the engine carries apart.
 */
export function useShownTranscript(): { transcript: Transcript; pass: number } | undefined {
  const run = useSelectedTranscript();
  const result = useRunStore((state) => state.result);
  const selectedPass = useRunStore((state) => state.selectedPass);
  if (!run) return undefined;
  const snapshot = selectedPass > 0 ? result?.passes[selectedPass - 1] : undefined;
  if (!snapshot) return { transcript: run, pass: 0 };
  return { transcript: { ...run, messages: snapshot.messages }, pass: selectedPass };
}
