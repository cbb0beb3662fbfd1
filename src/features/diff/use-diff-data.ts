import { useRunStore } from '../../app/run-store';
import { useLabStore } from '../../app/store';
import type { PassSnapshot } from '../../engine/run/events';
import type { Transcript } from '../../engine/transcript/model';

/** What the diff compares: the shown run's source transcript and the chosen pass (none for pass 0). */
export interface DiffData {
  transcript?: Transcript;
  /** Key of the compacted run, when the transcript is that run's source. */
  runKey?: string;
  snapshot?: PassSnapshot;
  /** The pass shown on the right: 0 when the right side is the original itself. */
  pass: number;
  runConfig?: unknown;
  /** Why the right side is the original, when it is. */
  note?: string;
}

/**
 * Picks the transcript and pass to compare. With a finished run, its own source transcript (never another run's) and
 * the chosen pass; before any run, the selected transcript against itself.
 */
export function useDiffData(): DiffData {
  const imported = useLabStore((state) => state.imported);
  const runIndex = useLabStore((state) => state.runIndex);
  const runKey = useRunStore((state) => state.runKey);
  const result = useRunStore((state) => state.result);
  const selectedPass = useRunStore((state) => state.selectedPass);
  const runConfig = useRunStore((state) => state.runConfig);
  if (!imported) return { pass: 0, note: 'Load a transcript to see a diff.' };
  const position = runKey !== undefined ? imported.runKeys.indexOf(runKey) : -1;
  if (position < 0 || !result) {
    return { transcript: imported.runs[runIndex], pass: 0, note: 'Run a compaction, then choose a pass to compare with the original. Every message is shown as kept.' };
  }
  const transcript = imported.runs[position];
  if (result.passes.length === 0) return { transcript, runKey, pass: 0, runConfig, note: 'This run made no passes: the output is the original.' };
  const snapshot = selectedPass > 0 ? result.passes[selectedPass - 1] : undefined;
  if (!snapshot) return { transcript, runKey, pass: 0, runConfig, note: 'Pass 0 is the original: every message is kept. Choose a pass to compare.' };
  return { transcript, runKey, snapshot, pass: selectedPass, runConfig };
}
