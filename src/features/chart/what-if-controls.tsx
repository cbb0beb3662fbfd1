import { formatInteger } from '../../ui/format';
import type { RunPrediction } from '../../worker-client/protocol';
import type { WhatIfField } from './what-if-fields';
import type { WhatIfEdits } from './use-what-if';

/** What the what-if needs from `useWhatIf`. */
export interface WhatIfControlsProps {
  fields: WhatIfField[];
  edits: WhatIfEdits;
  isEdited: boolean;
  prediction?: RunPrediction;
  isPredicting: boolean;
  failure?: string;
  edit(id: WhatIfField['id'], text: string): void;
  reset(): void;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 'es'}`;
}

/** The prediction in one sentence: where the gate fires, whether the original crosses it, and where the estimate ends. */
function PredictionLine({ prediction }: { prediction: RunPrediction }) {
  if (prediction.error && prediction.threshold === 0 && prediction.passes === 0) return <p className="alert">{prediction.error}</p>;
  const rule = prediction.limits.triggerRule ? ` (${prediction.limits.triggerRule})` : '';
  const compared = prediction.limits.triggerComparedWith ?? 'the original';
  return (
    <p className="what-if-prediction">
      The gate would fire at <strong>{formatInteger(prediction.threshold)} tokens</strong>
      {rule} — {compared} is {formatInteger(prediction.tokens)} tokens by the profile's estimate:{' '}
      <strong>{prediction.shouldCompact ? 'it compacts' : 'it does not compact'}</strong>. The offline estimate predicts{' '}
      <strong>{plural(prediction.passes, 'pass')}</strong> to ~{formatInteger(prediction.tokensAfter)} tokens.
      <span className="muted"> Gate: {prediction.reason}.</span>
      {prediction.error && <span className="muted"> The predicted run stopped: {prediction.error}</span>}
    </p>
  );
}

/** Number inputs over the run's config; each change is predicted in the worker with the offline summarizer (no provider call). */
export function WhatIfControls({ fields, edits, isEdited, prediction, isPredicting, failure, edit, reset }: WhatIfControlsProps) {
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
      {prediction && <PredictionLine prediction={prediction} />}
    </section>
  );
}
