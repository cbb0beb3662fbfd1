import { useEffect } from 'react';
import { documentText } from '../engine/config';
import { insertionKindsById, type RunResult } from '../engine';
import { useRunStore, type RunState } from '../state/run-store';
import { useLabStore } from '../state/store';
import { usePageWorkspace, withWorkspace } from '../workspace/page-workspace';
import type { RunRecord, RunStateRecord, RunSummary } from '../workspace/workspace-schema';
import { useSessionStore, type PolicyId, type PolicyReplay } from '../features/session/session-store';
import type { ReplayView } from '../worker-client/replay-protocol';

/** A run's figures, small enough to keep every run (its passes are not kept: the state it left is, apart). */
function runSummary(result: RunResult, problem?: string): RunSummary {
  return {
    outcome: result.cancelled ? 'cancelled' : result.success ? 'done' : 'failed',
    passes: result.passes.length,
    summarizerCalls: result.summarizerCalls,
    exactTokensBefore: result.exact?.before,
    exactTokensAfter: result.exact?.after,
    encoding: result.exact?.encoding,
    estimatedTokensBefore: result.tokensBefore,
    estimatedTokensAfter: result.tokensAfter,
    problem: problem ?? result.error?.message,
  };
}

/** The state the run's last pass left (fates and insertions of every pass); none kept for a run that changed nothing. */
function runState(result: RunResult): Omit<RunStateRecord, 'id'> {
  const last = result.passes.at(-1);
  if (!last) return { insertions: [] };
  return { messages: [...last.messages], fates: { ...last.fates }, insertions: [...insertionKindsById(result.passes)] };
}

/** A replay's figures: its compactions and calls as every run has them, and the context's exact peak and end. */
function replaySummary(report: ReplayView): RunSummary {
  const first = report.steps[0];
  const last = report.steps.at(-1);
  const finalTokens = last ? last.exactTokensAfter ?? last.exactTokens : 0;
  return {
    outcome: report.cancelled ? 'cancelled' : 'done',
    passes: report.totals.compactions,
    summarizerCalls: report.totals.summarizerCalls,
    exactTokensBefore: first?.exactTokens,
    exactTokensAfter: finalTokens,
    encoding: report.encoding,
    estimatedTokensBefore: first?.exactTokens ?? 0,
    estimatedTokensAfter: finalTokens,
    problem: report.stopped,
    replay: { peakTokens: report.totals.peakTokens, finalTokens, stepsOverTrigger: report.totals.stepsOverTrigger, steps: report.steps.length, costUsd: report.totals.costUsd },
  };
}

/** Keeps a finished run on the transcript on screen, when the workspace keeps that transcript (a sample's are not kept). */
function record(run: Omit<RunRecord, 'id' | 'transcriptId' | 'transcriptIndex' | 'name'> & { what: string }, state?: Omit<RunStateRecord, 'id'>): void {
  const transcriptId = usePageWorkspace.getState().currentTranscriptId;
  if (transcriptId === undefined) return;
  const { sourceName = 'transcript', transcriptIndex } = useLabStore.getState();
  const { what, ...rest } = run;
  void withWorkspace((workspace) => workspace.addRun({ ...rest, name: `${sourceName} · ${what}`, transcriptId, transcriptIndex }, state), { isChange: true });
}

/** Whether the run panel's run just ended with a result of its own (an opened replay compaction is not a new run). */
function hasJustFinished(state: RunState, previous: RunState): boolean {
  return previous.status === 'running' && state.status !== 'running' && state.result !== undefined && state.openedContext === undefined;
}

/** A session replay that just finished (cancelled ones too: they hold the steps up to then). */
function justReplayed(replay: PolicyReplay | undefined, previous: PolicyReplay | undefined): replay is PolicyReplay & { report: ReplayView } {
  return previous?.status === 'running' && replay?.status === 'done' && replay.report !== undefined;
}

/**
 * Records every run the run panel finishes, with the state it left, and every session replay (A and B apart), on a
 * transcript the workspace keeps (a sample's are not recorded).
 */
export function useRunRecording(): void {
  useEffect(() => {
    const stopRuns = useRunStore.subscribe((state, previous) => {
      const { result, runConfig } = state;
      if (!hasJustFinished(state, previous) || !result || !runConfig) return;
      record({ what: result.profile, kind: 'compaction', configText: documentText(runConfig), profile: result.profile, createdAt: state.endedAt ?? Date.now(), summary: runSummary(result, state.problem) }, runState(result));
    });
    const stopReplays = useSessionStore.subscribe((state, previous) => {
      for (const policy of ['a', 'b'] as PolicyId[]) {
        const replay = state.replays[policy];
        if (!justReplayed(replay, previous.replays[policy])) continue;
        const profile = replay.report.profile;
        record({ what: `${profile} replay${policy === 'b' ? ' (policy B)' : ''}`, kind: 'replay', configText: documentText(replay.config), profile, createdAt: Date.now(), summary: replaySummary(replay.report) });
      }
    });
    return () => {
      stopRuns();
      stopReplays();
    };
  }, []);
}
