import './ab.css';
import { useLabStore } from '../../state/store';
import { AbResults } from './ab-results';
import { clampRepeats, repeatLimits, useAbStore } from './ab-store';
import { useAbRun } from './use-ab-run';
import { VariantA, VariantB, type VariantEditor } from './variant-editors';

function progressText(progress: { variant: string; run: number; of: number } | undefined): string {
  if (!progress) return 'Running…';
  return `Running ${progress.variant.toUpperCase()}${progress.of > 1 ? ` (run ${progress.run} of ${progress.of})` : ''}…`;
}

/**
 * The A/B tab: variant A is the Compaction panel's config and summarizer, variant B an edited copy; both run on the
 * selected transcript, A then B, each "Repeats" times, and are compared side by side. Its results are its own: the
 * Compaction panel's shown run and the inspector views are left untouched. `variantEditor` is B's editor, handed in by
 * the app (features never import each other); without it B is edited as raw JSON.
 */
export function AbPanel({ variantEditor }: { variantEditor?: VariantEditor }) {
  const transcriptKey = useLabStore((state) => state.imported?.transcriptKeys[state.transcriptIndex]);
  const { status, problem, progress, repeats, repeatsChosen, results, order } = useAbStore();
  const { start, cancel } = useAbRun();
  const isRunning = status === 'running';
  const [left, right] = order.map((id) => results[id]);
  const isCurrent = useAbStore((state) => state.transcriptKey === transcriptKey);
  const hasBoth = left !== undefined && right !== undefined && left.runs.length > 0 && right.runs.length > 0;
  return (
    <section className="ab-panel" aria-label="A/B">
      <div className="ab-variants">
        <VariantA />
        <VariantB disabled={isRunning} editor={variantEditor} />
      </div>
      <div className="ab-actions">
        <label>
          Repeats{' '}
          <input
            type="number"
            aria-label="Repeats"
            min={repeatLimits.min}
            max={repeatLimits.max}
            value={repeats}
            disabled={isRunning}
            onChange={(event) => repeatsChosen(clampRepeats(event.target.valueAsNumber))}
          />
        </label>
        <button type="button" className="primary-button" disabled={transcriptKey === undefined || isRunning} onClick={() => void start()}>
          Run A/B
        </button>
        <button type="button" disabled={!isRunning} onClick={cancel}>
          Cancel
        </button>
        <span className="muted" role="status" aria-label="A/B status">
          {isRunning ? progressText(progress) : status === 'idle' ? '' : `Last A/B: ${status}`}
        </span>
      </div>
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      {hasBoth && !isCurrent && <p className="muted">These results are for another transcript; run A/B again to compare on this one.</p>}
      {hasBoth && isCurrent && <AbResults left={left} right={right} />}
    </section>
  );
}
