import { useInspection } from '../../state/use-inspection';
import type { PassSnapshot } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import type { Transcript } from '../../engine/transcript';

/** What the diff compares: the shown run's source transcript and the chosen pass (none for pass 0). */
export interface DiffData {
  transcript?: Transcript;
  /** Key of the compacted run, when the transcript is that run's source. */
  transcriptKey?: string;
  snapshot?: PassSnapshot;
  /** The pass shown on the right: 0 when the right side is the original itself. */
  pass: number;
  runConfig?: ConfigDocument;
  /** Why the right side is the original, when it is. */
  note?: string;
  /** Nothing has run on this transcript yet: there is nothing to compare, only the note to show. */
  awaitsRun?: boolean;
}

/**
 * Picks the transcript and pass to compare. With a finished run of the transcript on screen, that transcript and the
 * chosen pass; before any run, nothing to compare (listing every message as "kept" would say a run kept them).
 */
export function useDiffData(): DiffData {
  const { transcript, transcriptKey, result, pass, snapshot, runConfig } = useInspection();
  if (!transcript) return { pass: 0, note: 'Load a transcript to see a diff.' };
  if (!result) return { transcript, pass: 0, awaitsRun: true, note: 'Run a compaction to see what it changes.' };
  if (result.passes.length === 0) return { transcript, transcriptKey, pass: 0, runConfig, note: 'This run made no passes: the output is the original.' };
  if (!snapshot) return { transcript, transcriptKey, pass: 0, runConfig, note: 'Pass 0 is the original: every message is kept. Choose a pass to compare.' };
  return { transcript, transcriptKey, snapshot, pass, runConfig };
}
