import { resultIdentity } from '../../app/result-identity';
import { useLabStore } from '../../app/store';
import type { RunResult } from '../../engine/run/events';
import { formatCost } from '../../ui/format';
import { perKindLimits, type ProbeQuestionSource } from '../../worker-client/protocol';
import { ProbePlanView, probeStepLabels } from './probe-plan-view';
import { ProbeResults } from './probe-results';
import { useProbeStore } from './probe-store';
import { useProbeModel, useProbePlan, useProbeRun } from './use-probes';
import './probe.css';

/**
 * Probe mode: asks a live model questions about what a pass compacted, answered from the compacted context alone, and
 * scores the answers per kind. Shows the calls and their most cost before anything is sent; nothing runs until asked.
 */
export function ProbePanel({ runKey, result, selectedPass }: { runKey: string; result: RunResult; selectedPass: number }) {
  const encoding = useLabStore((state) => state.encoding);
  const { options, status, step, callsDone, costUsd, report, problem, target } = useProbeStore();
  const model = useProbeModel();
  const resultId = resultIdentity(result);
  // The original is not a compacted state: probing it would ask about nothing, so the last pass stands in.
  const pass = selectedPass > 0 ? selectedPass : result.passes.length;
  const spec = 'spec' in model ? model.spec : undefined;
  const planned = useProbePlan(runKey, resultId, pass, options, spec?.model);
  const { start, cancel } = useProbeRun();
  const isRunning = status === 'running';
  const isShown = target?.result === resultId && target.pass === pass;
  const canRun = spec !== undefined && planned.data?.ok === true && planned.data.plan.calls.length > 0 && !isRunning;
  return (
    <section className="probe-panel" aria-label="Probe with a live model">
      <h3>Probe with a live model — pass {pass}</h3>
      <p className="muted">
        Questions of four kinds (recall, artifact, continuation, decision) about what compaction removed up to pass {pass}, answered from the compacted context alone and graded against the original.
      </p>
      <fieldset className="probe-options" disabled={isRunning}>
        <legend>Questions</legend>
        {(['model', 'facts'] as ProbeQuestionSource[]).map((source) => (
          <label key={source}>
            <input type="radio" name="probe-questions" value={source} checked={options.questions === source} onChange={() => useProbeStore.getState().optionsChanged({ questions: source })} />{' '}
            {source === 'model' ? 'Written by the model from the compacted messages, graded by the model (3 calls)' : 'Built from the extracted facts, graded by checking them (1 call)'}
          </label>
        ))}
        <label>
          Questions per kind{' '}
          <input
            type="number"
            min={perKindLimits.min}
            max={perKindLimits.max}
            value={options.perKind}
            onChange={(event) => useProbeStore.getState().optionsChanged({ perKind: Math.max(perKindLimits.min, Math.min(perKindLimits.max, Number(event.target.value) || perKindLimits.min)) })}
          />
        </label>
      </fieldset>
      {'problem' in model ? (
        <p className="muted" role="note">{model.problem}</p>
      ) : planned.isFetching && !planned.data ? (
        <p className="muted" role="status">Counting the probe calls…</p>
      ) : planned.error ? (
        <p className="alert">Planning the probe calls failed: {planned.error instanceof Error ? planned.error.message : String(planned.error)}</p>
      ) : planned.data && spec ? (
        <ProbePlanView planned={planned.data} spec={spec} encoding={encoding} />
      ) : null}
      <div className="probe-actions">
        <button type="button" disabled={!canRun} onClick={() => spec && void start(runKey, { result: resultId, pass }, spec)}>
          Run probes{planned.data?.ok ? ` (${planned.data.plan.calls.length} call${planned.data.plan.calls.length === 1 ? '' : 's'})` : ''}
        </button>
        {isRunning && (
          <button type="button" onClick={cancel}>
            Cancel probes
          </button>
        )}
        {isRunning && (
          <span role="status">
            {step ? `${probeStepLabels[step]}…` : 'Starting…'} {callsDone} call{callsDone === 1 ? '' : 's'} done, {formatCost(costUsd)} so far.
          </span>
        )}
      </div>
      {isShown && (status === 'failed' || status === 'cancelled') && problem && (
        <p className={status === 'failed' ? 'alert' : 'muted'} role="status">
          {status === 'failed' ? `Probing failed after ${callsDone} call${callsDone === 1 ? '' : 's'} (${formatCost(costUsd)}): ${problem}` : problem}
        </p>
      )}
      {isShown && status === 'done' && report && <ProbeResults report={report} />}
      {!isShown && report && status === 'done' && <p className="muted">The last probe run was of another pass or run; run probes again to score this one.</p>}
    </section>
  );
}
