import type { RunResult } from '../../engine';
import { formatContext } from '../../state/figure-text';
import type { RunFigures } from '../../state/use-run-figures';
import { countOf } from '../../ui/count-of';
import { StrategyText, TermText } from '../../ui/term';
import { useSummaryAuthors } from '../../state/summary-authors';
import { OutcomeFlags } from './outcome-flags';
import { ShownRunNotes } from './shown-run-notes';
import { shownPassStall } from './stalled-pass';

/** What the stepping keys do, said where the passes are: the tab bar keeps its arrows only while it has keyboard focus. */
export const stepKeysHint = '← / → step passes (unless typing, or the tab bar has keyboard focus)';

/**
 * The pass timeline folded to one line: the pass shown, its figures on the page's basis, and the button that brings the
 * row of passes back. The keys still step passes, and the line follows them.
 */
export function FoldedTimeline({ result, figures, selectedPass, onUnfold }: { result: RunResult; figures: RunFigures; selectedPass: number; onUnfold(): void }) {
  const snapshot = result.passes.find((candidate) => candidate.pass === selectedPass);
  const of = countOf(result.passes.length, 'pass', 'passes');
  const authors = useSummaryAuthors();
  const stall = snapshot ? shownPassStall(figures, snapshot) : undefined;
  return (
    <div className="pass-timeline is-folded">
      <ShownRunNotes />
      <p className="pass-folded-line" data-testid="folded-timeline">
        {snapshot ? (
          <>
            <strong>Pass {snapshot.pass}</strong> of {of}: {formatContext(figures.states[snapshot.pass - 1]?.context)} → {formatContext(figures.states[snapshot.pass]?.context)} context tokens ·{' '}
            <StrategyText strategy={snapshot.strategy} author={authors.get(snapshot.pass)} />
            {snapshot.ok ? '' : ' · failed'}
            {figures.states[snapshot.pass]?.isNoOp && <> · <span className="pass-badge"><TermText id="no-op" /></span></>}
            {stall && <> · <span className="pass-badge" title={stall.title}>{stall.words}</span></>}
          </>
        ) : (
          <>
            <strong>Original</strong> ({result.passes.length === 0 ? 'no pass ran' : `${of} run`}): {formatContext(figures.states[0]?.context)} context tokens
          </>
        )}
        <span className="muted pass-hint"> · {stepKeysHint}</span>
        <button type="button" className="pass-fold-toggle" aria-expanded={false} onClick={onUnfold}>Show passes</button>
      </p>
      <OutcomeFlags flags={figures.outcome?.flags ?? []} />
    </div>
  );
}
