import { useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../state/run-store';
import { useInspection } from '../../state/use-inspection';
import { useRetention } from '../../state/use-retention';
import { canShowCost, costSeries, type RunResult } from '../../engine';
import { CostRetentionChart } from '../../ui/cost-retention-chart';
import { PassRetentionDetails } from './pass-retention-details';
import { sourceIndexes } from './retention-rows';
import type { ResultId } from '../../worker-client/protocol';
import './retention.css';

/**
 * The Retention tab: for the run shown on the transcript on screen, what each pass kept of the facts in the messages it
 * compacted (per pass and cumulative), its pinned lines, lost facts and flags, and cost versus retention across passes.
 */
/** What the Retention tab hands the probes view beside it: the run shown (its result and the worker's id for it) and the pass chosen. */
export interface ProbeSlotProps {
  resultId: ResultId;
  result: RunResult;
  selectedPass: number;
}

/** The Retention tab; `probes` renders the probes view for the shown run (composed by the app, since features never import each other). */
export function RetentionView({ probes }: { probes: (props: ProbeSlotProps) => ReactNode }) {
  const { session, transcriptKey: shownTranscriptKey, hasRun: isThisRun, isRunning, result: shownResult, resultId, pass: selectedPass } = useInspection();
  const { events, calls } = useRunStore(useShallow((state) => ({ events: state.events, calls: state.calls })));
  const { passes, isMeasuring, error } = useRetention(resultId);
  // Message links open the Original transcript tab, which shows the session on screen: a run belongs to the transcript
  // it shows on, and an opened replay compaction's context holds the session's own messages (its summaries link nowhere).
  const original = isThisRun ? session : undefined;
  const indexOf = useMemo(() => sourceIndexes(original?.messages ?? []), [original]);
  const snapshots = shownResult?.passes;
  const series = useMemo(() => (snapshots ? [costSeries('run', 'This run', { snapshots, retention: passes, events, calls })] : []), [passes, snapshots, events, calls]);
  const chosen = passes.find((pass) => pass.pass === selectedPass);
  const choosePass = (pass: number) => useRunStore.getState().passChosen(pass);
  return (
    <section className="tab-view retention-view" aria-label="Retention">
      {shownTranscriptKey === undefined ? (
        <p className="empty-state">Load a transcript to see what compaction keeps of it.</p>
      ) : !isThisRun ? (
        <p className="muted" role="status">No run on this transcript yet: run compaction to measure what each pass keeps and loses.</p>
      ) : isRunning ? (
        <p className="muted" role="status">Running: retention is measured when the run ends.</p>
      ) : !shownResult ? (
        <p className="muted" role="status">The run ended without a result, so there is nothing to measure.</p>
      ) : error ? (
        <p className="alert">Measuring retention failed: {error}</p>
      ) : isMeasuring && passes.length === 0 ? (
        <p className="muted" role="status">Measuring retention…</p>
      ) : passes.length === 0 ? (
        <p className="muted" role="status">This run made no passes, so nothing was compacted and nothing lost.</p>
      ) : (
        <>
          <p className="muted" role="status">
            Facts (paths, identifiers, errors, commands, URLs, numbers, requests, TODOs, decisions) extracted from the messages each pass compacted, checked against that pass's output, exactly and then normalized.
          </p>
          <CostRetentionChart series={series} canShowCost={canShowCost(series)} selectedPass={selectedPass} onChoosePass={choosePass} />
          {chosen ? (
            <PassRetentionDetails key={chosen.pass} retention={chosen} indexOf={indexOf} />
          ) : (
            <p className="muted">{selectedPass === 0 ? 'The original is shown: choose a pass on the timeline or the chart to see what it kept and lost.' : `No retention measured for pass ${selectedPass}.`}</p>
          )}
          {resultId !== undefined && probes({ resultId, result: shownResult, selectedPass })}
        </>
      )}
    </section>
  );
}
