import { formatCost, formatInteger } from '../../ui/format';
import type { ProviderSpec } from '../../worker-client/protocol';
import type { PricedProbePlan, ProbeStep } from '../../worker-client/probe-protocol';
import { hostOf } from '../../providers/live/provider-spec';

/** What each probe call does, in the words the plan, the progress line and the network panel use. */
export const probeStepLabels: Record<ProbeStep, string> = {
  write: 'Write the questions from the compacted messages',
  answer: 'Answer from the compacted context only',
  grade: 'Grade the answers against the original',
};

/**
 * The calls a probe run will make — their input tokens (exact or estimated, said which), output caps and the most
 * they can cost — shown before anything is sent.
 */
export function ProbePlanView({ planned, spec, encoding }: { planned: PricedProbePlan; spec: ProviderSpec; encoding: string }) {
  const { plan, maxCostUsd } = planned;
  const outputCap = plan.calls.reduce((sum, call) => sum + call.maxOutputTokens, 0);
  const span = plan.spanMessages;
  return (
    <div className="probe-plan">
      <p>
        Before anything is sent: <strong>{plan.calls.length} call{plan.calls.length === 1 ? '' : 's'}</strong> to {spec.model} at {hostOf(spec)} with your key, for{' '}
        {formatInteger(plan.questionCount)} question{plan.questionCount === 1 ? '' : 's'}{' '}
        {maxCostUsd === null ? (
          <>— cost unknown: {spec.model} is not in the price table (edit prices in the Network panel).</>
        ) : (
          <>
            — at most <strong>{formatCost(maxCostUsd)}</strong> at list price (every input token plus every output token allowed, counted in {encoding}; the provider’s own tokenizer may count a little differently).
          </>
        )}
      </p>
      <table className="retention-table" aria-label="Probe calls">
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Input tokens ({encoding})</th>
            <th scope="col">Output tokens at most</th>
          </tr>
        </thead>
        <tbody>
          {plan.calls.map((call) => (
            <tr key={call.step}>
              <th scope="row">{probeStepLabels[call.step]}</th>
              <td>{call.isExact ? formatInteger(call.inputTokens) : `at most ${formatInteger(call.inputTokens)} (not all written yet)`}</td>
              <td>{formatInteger(call.maxOutputTokens)}</td>
            </tr>
          ))}
          <tr className="retention-total">
            <th scope="row">Total</th>
            <td>{formatInteger(plan.calls.reduce((sum, call) => sum + call.inputTokens, 0))}</td>
            <td>{formatInteger(outputCap)}</td>
          </tr>
        </tbody>
      </table>
      {/* None used: the questions are asked again, so no message is read to write them. */}
      {span.used > 0 && span.used < span.compacted && (
        <p className="muted">
          Questions come from the latest {formatInteger(span.used)} of the {formatInteger(span.compacted)} compacted messages: the others do not fit the question writer’s prompt.
        </p>
      )}
    </div>
  );
}
