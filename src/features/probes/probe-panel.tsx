import { useLabStore } from '../../state/store';
import type { RunResult } from '../../engine';
import { formatCost } from '../../ui/format';
import type { ResultId } from '../../worker-client/protocol';
import { perKindLimits, type ProbeQuestionSource } from '../../worker-client/probe-protocol';
import { refusalOf } from '../../worker-client/reply';
import { ProbePlanView, probeStepLabels } from './probe-plan-view';
import { ProbeResults } from './probe-results';
import { useProbeStore } from './probe-store';
import { useProbeModel, useProbePlan, useProbeRun } from './use-probes';
import './probe.css';

/** The question counts per kind the select offers. */
const perKindChoices = Array.from({ length: perKindLimits.max - perKindLimits.min + 1 }, (_, index) => perKindLimits.min + index);

/**
 * Probe mode: asks a live model questions about what a pass compacted, answered from the compacted context alone, and
 * scores the answers per kind. Shows the calls and their most cost before anything is sent; nothing runs until asked.
 */
export function ProbePanel({ resultId, result, selectedPass }: { resultId: ResultId; result: RunResult; selectedPass: number }) {
  const encoding = useLabStore((state) => state.encoding);
  const { options, status, step, callsDone, costUsd, report, previous, problem, target, isAskingAgain, reportNumber } = useProbeStore();
  const model = useProbeModel();
  // The original is not a compacted state: probing it would ask about nothing, so the last pass stands in.
  const pass = selectedPass > 0 ? selectedPass : result.passes.length;
  const spec = 'spec' in model ? model.spec : undefined;
  // Model-written questions (first asked or asked again) can be asked again of another pass or run.
  const reusable = report?.options.questions === 'model' ? report : undefined;
  const askAgain = isAskingAgain && reusable ? reusable.outcomes : undefined;
  const planned = useProbePlan(resultId, pass, options, spec?.model, askAgain && { questions: askAgain, reportNumber });
  const { start, cancel } = useProbeRun();
  const isRunning = status === 'running';
  const isShown = target?.resultId === resultId && target.pass === pass;
  const canRun = spec !== undefined && planned.data !== undefined && planned.data.plan.calls.length > 0 && !isRunning;
  // A pass with nothing to probe is the worker's refusal, said as a note: nothing failed.
  const unprobeable = refusalOf(planned.error)?.code === 'nothing-to-probe' ? planned.error?.message : undefined;
  return (
    <section className="probe-panel" aria-label="Probe with a live model">
      <h3>Probe with a live model — pass {pass}</h3>
      <p className="muted">
        Questions of four kinds (recall, artifact, continuation, decision) about what compaction removed up to pass {pass}, answered from the compacted context alone and graded against the original.
      </p>
      {reusable && (
        <label className="probe-again">
          <input type="checkbox" checked={isAskingAgain} disabled={isRunning} onChange={(event) => useProbeStore.getState().askingAgainChosen(event.target.checked)} /> Ask the same{' '}
          {reusable.outcomes.length} questions as the last probe run (written for pass {reusable.pass}), so the scores compare
        </label>
      )}
      <fieldset className="probe-options" disabled={isRunning || askAgain !== undefined}>
        <legend>Questions</legend>
        {(['model', 'facts'] as ProbeQuestionSource[]).map((source) => (
          <label key={source}>
            <input type="radio" name="probe-questions" value={source} checked={options.questions === source} onChange={() => useProbeStore.getState().optionsChanged({ questions: source })} />{' '}
            {source === 'model' ? 'Written by the model from the compacted messages, graded by the model (3 calls)' : 'Built from the extracted facts, graded by checking them (1 call)'}
          </label>
        ))}
        <label>
          Questions per kind{' '}
          <select value={options.perKind} onChange={(event) => useProbeStore.getState().optionsChanged({ perKind: Number(event.target.value) })}>
            {perKindChoices.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {'problem' in model ? (
        <p className="muted" role="note">{model.problem}</p>
      ) : planned.isFetching && !planned.data ? (
        <p className="muted" role="status">Counting the probe calls…</p>
      ) : unprobeable !== undefined ? (
        <p className="muted" role="note">{unprobeable}</p>
      ) : planned.error ? (
        <p className="alert" role="alert">Planning the probe calls failed: {planned.error instanceof Error ? planned.error.message : String(planned.error)}</p>
      ) : planned.data && spec ? (
        <ProbePlanView planned={planned.data} spec={spec} encoding={encoding} />
      ) : null}
      <div className="probe-actions">
        <button type="button" disabled={!canRun} onClick={() => spec && void start({ resultId, pass }, spec, askAgain)}>
          Run probes{planned.data ? ` (${planned.data.plan.calls.length} call${planned.data.plan.calls.length === 1 ? '' : 's'})` : ''}
        </button>
        {isRunning && (
          <button type="button" onClick={cancel}>
            Cancel probes
          </button>
        )}
        {/* Always mounted, so screen readers announce each step as its text changes. */}
        <span role="status">
          {isRunning && `Pass ${target?.pass ?? pass}: ${step ? `${probeStepLabels[step]}…` : 'starting…'} ${callsDone} call${callsDone === 1 ? '' : 's'} done, ${formatCost(costUsd)} so far.`}
        </span>
      </div>
      {isShown && status === 'failed' && problem && (
        <p className="alert" role="alert">
          Probing failed after {callsDone} call{callsDone === 1 ? '' : 's'} ({formatCost(costUsd)}): {problem}
        </p>
      )}
      {isShown && status === 'cancelled' && problem && (
        <p className="muted" role="status">
          {problem}
        </p>
      )}
      {isShown && status === 'done' && report && <ProbeResults report={report} previous={previous} />}
      {!isShown && report && status === 'done' && <p className="muted">The last probe run was of another pass or run; run probes again to score this one.</p>}
    </section>
  );
}
