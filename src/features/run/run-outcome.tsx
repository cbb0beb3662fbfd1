import { useShallow } from 'zustand/react/shallow';
import { formatContext } from '../../state/figure-text';
import { useRunStore } from '../../state/run-store';
import { useRunFigures } from '../../state/use-run-figures';
import { outcomeSentence } from './outcome-sentence';

/** The shown run's outcome in one sentence at the top of the run panel: done, failed and why, cancelled, and its flags. */
export function RunOutcome() {
  const { status, result, problem } = useRunStore(useShallow((state) => ({ status: state.status, result: state.result, problem: state.problem })));
  const figures = useRunFigures();
  const before = figures.states[0]?.context;
  const after = figures.states.at(-1)?.context;
  const tokens = before && after && figures.states.length > 1 ? { before: formatContext(before), after: formatContext(after) } : undefined;
  const outcome = outcomeSentence({ status, result, problem, flags: figures.outcome?.flags ?? [], tokens });
  if (!outcome) return null;
  return (
    <p className={`run-outcome outcome-${outcome.tone}`} data-testid="run-outcome" aria-live="polite">
      {outcome.text}
    </p>
  );
}
