import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import type { PassSnapshot } from '../../engine/run/events';
import type { Transcript } from '../../engine/transcript/model';

/** What the diff compares: the shown run's source transcript and the chosen pass (none for pass 0). */
export interface DiffData {
  transcript?: Transcript;
  /** Key of the compacted run, when the transcript is that run's source. */
  transcriptKey?: string;
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
  const transcriptIndex = useLabStore((state) => state.transcriptIndex);
  const transcriptKey = useRunStore((state) => state.transcriptKey);
  const result = useRunStore((state) => state.result);
  const selectedPass = useRunStore((state) => state.selectedPass);
  const runConfig = useRunStore((state) => state.runConfig);
  if (!imported) return { pass: 0, note: 'Load a transcript to see a diff.' };
  const position = transcriptKey !== undefined ? imported.transcriptKeys.indexOf(transcriptKey) : -1;
  if (position < 0 || !result) {
    return { transcript: imported.transcripts[transcriptIndex], pass: 0, note: 'Run a compaction, then choose a pass to compare with the original. Every message is shown as kept.' };
  }
  const transcript = imported.transcripts[position];
  if (result.passes.length === 0) return { transcript, transcriptKey, pass: 0, runConfig, note: 'This run made no passes: the output is the original.' };
  const snapshot = selectedPass > 0 ? result.passes[selectedPass - 1] : undefined;
  if (!snapshot) return { transcript, transcriptKey, pass: 0, runConfig, note: 'Pass 0 is the original: every message is kept. Choose a pass to compare.' };
  return { transcript, transcriptKey, snapshot, pass: selectedPass, runConfig };
}
