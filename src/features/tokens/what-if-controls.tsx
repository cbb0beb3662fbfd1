import { contextFigure, type ContextBasis } from '../../engine';
import { formatInteger } from '../../ui/format';
import type { RunPrediction } from '../../worker-client/run-protocol';
import type { WhatIfField } from './what-if-fields';
import type { WhatIfEdits } from './use-what-if';

/** What the what-if needs from `useWhatIf`. */
export interface WhatIfControlsProps {
  fields: WhatIfField[];
  edits: WhatIfEdits;
  isEdited: boolean;
  prediction?: RunPrediction;
  /** The page's basis, which the predicted context figures are stated on. */
  basis: ContextBasis;
  isPredicting: boolean;
  failure?: string;
  edit(id: WhatIfField['id'], text: string): void;
  reset(): void;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 'es'}`;
}

/** Context tokens of an exact count on the basis, as a number in words. */
function onBasis(basis: ContextBasis, exactTokens: number): string {
  return formatInteger(contextFigure(basis, exactTokens).tokens);
}

/**
 * The prediction in plain words: where the gate fires and by which rule, what the gate saw (the profile's own
 * estimate, said as such) against what the context holds, and where the predicted run ends on the page's basis.
 */
function PredictionLine({ prediction, basis }: { prediction: RunPrediction; basis: ContextBasis }) {
  if (prediction.error && prediction.threshold === 0 && prediction.passes === 0) return <p className="alert">{prediction.error}</p>;
  const rule = prediction.limits.triggerRule ? ` (${prediction.limits.triggerRule})` : '';
  const compared = prediction.limits.triggerComparedWith ? ` ${prediction.limits.triggerComparedWith}` : '';
  const estimateBasis = prediction.limits.estimateBasis ? `: ${prediction.limits.estimateBasis}` : '';
  const exact = prediction.exact;
  return (
    <p className="what-if-prediction">
      The gate would fire at <strong>{formatInteger(prediction.threshold)} tokens</strong>
      {rule}. It saw{compared} <strong>{formatInteger(prediction.tokens)}</strong> by the profile's own estimate{estimateBasis}:{' '}
      <strong>{prediction.shouldCompact ? 'it compacts' : 'it does not compact'}</strong>.
      {exact && <> The context holds <strong>{onBasis(basis, exact.before)}</strong> context tokens.</>} The offline run predicts{' '}
      <strong>{plural(prediction.passes, 'pass')}</strong>
      {exact && prediction.passes > 0 && <> to <strong>{onBasis(basis, exact.after)}</strong> context tokens (the gate would see ~{formatInteger(prediction.tokensAfter)})</>}.
      <span className="muted"> Gate: {prediction.reason}.</span>
      {prediction.settingsProblems.length > 0 && <span className="alert"> These settings cannot work as set: {prediction.settingsProblems.map((problem) => `${problem.message} ${problem.fix}`).join(' ')}</span>}
      {prediction.error && <span className="muted"> The predicted run stopped: {prediction.error}</span>}
    </p>
  );
}

/** Number inputs over the run's config; each change is predicted in the worker with the offline summarizer (no provider call). */
export function WhatIfControls({ fields, edits, isEdited, prediction, basis, isPredicting, failure, edit, reset }: WhatIfControlsProps) {
  return (
    <section className="what-if" aria-label="What-if">
      <div className="what-if-inputs">
        {fields.map((field) => {
          const starting = prediction ? field.startingValue(prediction.limits) : undefined;
          return (
            <label key={field.id}>
              {field.label}
              <input
                type="number"
                step={field.step}
                min={field.min}
                max={field.max}
                placeholder={field.emptyValue === null ? 'none (legacy gate)' : ''}
                value={edits[field.id] ?? (starting === null || starting === undefined ? '' : String(starting))}
                onChange={(event) => edit(field.id, event.target.value)}
              />
            </label>
          );
        })}
        <button type="button" disabled={!isEdited} onClick={reset}>
          Back to the run's config
        </button>
        <span className="muted" role="status">
          {isPredicting ? 'Predicting…' : 'Offline estimate, no provider call'}
        </span>
      </div>
      {failure && <p className="alert">The prediction failed: {failure}</p>}
      {prediction && <PredictionLine prediction={prediction} basis={basis} />}
    </section>
  );
}
