import { useEffect } from 'react';
import { documentText } from '../../engine/config';
import type { RunResult } from '../../engine';
import { useRunStore, type RunState } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import type { RunSummary } from '../../workspace/workspace-schema';

/** A run's figures, small enough to keep every run (the passes' messages are not kept: a run is re-run to see them). */
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

/** Whether the run panel's run just ended with a result of its own (an opened replay compaction is not a new run). */
function hasJustFinished(state: RunState, previous: RunState): boolean {
  return previous.status === 'running' && state.status !== 'running' && state.result !== undefined && state.openedContext === undefined;
}

/** Records every run the run panel finishes on a transcript the workspace keeps (a sample's runs are not recorded). */
export function useRunRecording(): void {
  useEffect(
    () =>
      useRunStore.subscribe((state, previous) => {
        const transcriptId = usePageWorkspace.getState().currentTranscriptId;
        const { result, runConfig } = state;
        if (!hasJustFinished(state, previous) || !result || !runConfig || transcriptId === undefined) return;
        const { sourceName = 'transcript', transcriptIndex } = useLabStore.getState();
        const profile = result.profile;
        void withWorkspace(
          (workspace) =>
            workspace.addRun({
              name: `${sourceName} · ${profile}`,
              kind: 'compaction',
              transcriptId,
              transcriptIndex,
              configText: documentText(runConfig),
              profile,
              createdAt: state.endedAt ?? Date.now(),
              summary: runSummary(result, state.problem),
            }),
          { isChange: true },
        );
      }),
    [],
  );
}
