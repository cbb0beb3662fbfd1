import { useShallow } from 'zustand/react/shallow';
import type { PassSnapshot, RunResult } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Transcript } from '../engine/transcript';
import type { ResultId } from '../worker-client/protocol';
import { useRunStore, type OpenedContext, type StartedFrom } from './run-store';
import { useSelectedTranscript, useSelectedTranscriptKey } from './selectors';

/** The compaction run shown on the transcript on screen, as every view reads it. */
export interface Inspection {
  /**
   * The transcript the shown run ran on: the one on screen as imported (undefined before anything loads), or, while a
   * replayed compaction of it is open, that compaction's input context, or the context as the agent last held it when
   * the run started there.
   */
  transcript?: Transcript;
  /** Its worker key (counts, breakdowns and predictions of it ask by this key). */
  transcriptKey?: string;
  /** The transcript on screen as imported, and its key, whatever the run shown (the Original transcript tab shows it). */
  session?: Transcript;
  sessionKey?: string;
  /** The replayed compaction shown as the run, while it belongs to the transcript on screen. */
  openedContext?: OpenedContext;
  /** The context as the agent last held it, when the shown run started there rather than from the whole file. */
  startedFrom?: StartedFrom;
  /** A run (in flight or ended) belongs to the transcript on screen; the run store's run of another transcript never shows. */
  hasRun: boolean;
  /** That run is in flight. */
  isRunning: boolean;
  /** Its result, once it finished with one. */
  result?: RunResult;
  /** The id the worker holds `result` by: ask breakdowns, retention and probes about this id. */
  resultId?: ResultId;
  /** The pass every view shows: 0 is the original (always, without a result), k the state after pass k. */
  pass: number;
  /** The shown pass's state, undefined for pass 0. */
  snapshot?: PassSnapshot;
  /** The config document the run used (its pinned lines, window and thresholds are read from it). */
  runConfig?: ConfigDocument;
}

/**
 * The run shown on the transcript on screen, with its result, the chosen pass and the config it ran with: one answer
 * for the Diff, Tokens, Retention, Export and the timeline to "is this the shown transcript's run, and which pass".
 * While a replayed compaction of the session is open, `transcript` is its input context, which the run compacted.
 */
export function useInspection(): Inspection {
  const transcript = useSelectedTranscript();
  const transcriptKey = useSelectedTranscriptKey();
  const run = useRunStore(
    useShallow((state) => ({
      transcriptKey: state.transcriptKey, status: state.status, result: state.result, resultId: state.resultId, runConfig: state.runConfig, selectedPass: state.selectedPass, openedContext: state.openedContext,
      startedFrom: state.startedFrom,
    })),
  );
  const hasRun = run.transcriptKey !== undefined && run.transcriptKey === transcriptKey;
  const result = hasRun ? run.result : undefined;
  const pass = result ? run.selectedPass : 0;
  // An opened replay compaction ran on its input context, not on the session: every view pairing with the run reads that.
  const opened = hasRun && run.openedContext?.ofTranscriptKey === transcriptKey ? run.openedContext : undefined;
  // So did a run that started from the context the agent last held.
  const startedFrom = hasRun && run.startedFrom?.ofTranscriptKey === transcriptKey ? run.startedFrom : undefined;
  const input = opened ?? startedFrom;
  return {
    transcript: input ? input.transcript : transcript,
    transcriptKey: input ? input.transcriptKey : transcriptKey,
    session: transcript,
    sessionKey: transcriptKey,
    openedContext: opened,
    startedFrom,
    hasRun,
    isRunning: hasRun && run.status === 'running',
    result,
    resultId: result ? run.resultId : undefined,
    pass,
    snapshot: result && pass > 0 ? result.passes[pass - 1] : undefined,
    runConfig: hasRun ? run.runConfig : undefined,
  };
}
