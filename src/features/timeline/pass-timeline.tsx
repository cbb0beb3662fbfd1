import { formatContext, formatWindowShare, describeBasis } from '../../state/figure-text';
import { useRunStore } from '../../state/run-store';
import { useInspection } from '../../state/use-inspection';
import { useRunFigures, type StateFigure } from '../../state/use-run-figures';
import { countOf } from '../../ui/count-of';
import { formatInteger } from '../../ui/format';
import { useSessionFlag } from '../../ui/use-session-flag';
import { useStepKeys } from '../../ui/use-step-keys';
import { FoldedTimeline, stepKeysHint } from './folded-timeline';
import { GlossaryLink, StrategyText, TermText } from '../../ui/term';
import { useSummaryAuthors } from '../../state/summary-authors';
import { OutcomeFlags } from './outcome-flags';
import { passStories, type PassStory } from './pass-stories';
import { shownPassStall } from './stalled-pass';
import { useRowScroll } from './use-row-scroll';
import { ShownRunNotes } from './shown-run-notes';
import './pass-timeline.css';

/** The badges of a pass: retries, timeouts, failed attempts and fallbacks, in words. */
function storyBadges(story: PassStory | undefined): string[] {
  if (!story) return [];
  const badges: string[] = [];
  if (story.attempts > 1) badges.push(`${story.attempts} attempts`);
  if (story.retries > 0) badges.push(countOf(story.retries, 'retry', 'retries'));
  if (story.timeouts > 0) badges.push(countOf(story.timeouts, 'timeout'));
  for (const fallback of story.fallbacks) badges.push(`fallback ${fallback}`);
  return badges;
}

/** ←/→ step the shown pass anywhere on the page, unless a control is using the arrows. */
function usePassKeys(): void {
  useStepKeys('ArrowRight', 'ArrowLeft', (direction) => {
    const { selectedPass, passChosen, result } = useRunStore.getState();
    if (!result) return false;
    passChosen(selectedPass + direction);
  });
}

/** "79.4% of the 200,000-token window · its estimate 28,880": the state's share of the window and the profile's own figure (what its gate saw). */
function StateDetails({ state, window }: { state: StateFigure; window: number }) {
  return (
    <span className="pass-details">
      {state.context ? formatWindowShare(state.context.tokens, window) : 'counting…'}
      {state.gateSaw !== undefined && (
        <>
          {' · '}
          <TermText id="gate-estimate">its estimate</TermText> {formatInteger(state.gateSaw)}
        </>
      )}
    </span>
  );
}

/**
 * The passes of the shown run as a row of steps (pass 0 is the original); choosing one sets every view to it. Every
 * figure is context tokens on the page's basis, the same as the header's; what the profile's gate saw is beside it.
 * It folds to one line (remembered for the session), giving the tabs below the room.
 */
export function PassTimeline() {
  usePassKeys();
  const [isOpen, setOpen] = useSessionFlag('compaction-lab/timeline-open', true);
  const { result, pass: selectedPass } = useInspection();
  const events = useRunStore((state) => state.events);
  const authors = useSummaryAuthors();
  const passChosen = useRunStore((state) => state.passChosen);
  const figures = useRunFigures();
  const { rowRef, hidesBefore, hidesAfter, page } = useRowScroll(selectedPass, result);
  if (!result) return null;
  if (!isOpen) return <FoldedTimeline result={result} figures={figures} selectedPass={selectedPass} onUnfold={() => setOpen(true)} />;
  const stories = passStories(events);
  const [original, ...passes] = figures.states;
  return (
    <div className="pass-timeline">
      <ShownRunNotes />
      {/* The scroll buttons sit beside the Passes landmark, not in it: its buttons are the passes. */}
      <div className="pass-row">
        {(hidesBefore || hidesAfter) && (
          <button type="button" className="pass-scroll" aria-label="Show earlier passes" title="Show earlier passes" disabled={!hidesBefore} onClick={() => page(-1)}>‹</button>
        )}
        <nav className="pass-nav" aria-label="Passes">
          <ol ref={rowRef}>
            <li>
              <button type="button" aria-current={selectedPass === 0 ? 'step' : undefined} onClick={() => passChosen(0)}>
                <strong>Original</strong>
                <span data-testid="timeline-original">{formatContext(original.context)} tokens</span>
                <StateDetails state={original} window={figures.window} />
              </button>
            </li>
            {result.passes.map((snapshot, index) => {
              const state = passes[index];
              const before = figures.states[index];
              const stall = shownPassStall(figures, snapshot);
              const classes = [snapshot.ok ? '' : 'pass-failed', state?.isNoOp ? 'pass-no-op' : '', stall ? 'pass-stalled' : ''].filter(Boolean).join(' ');
              return (
                <li key={snapshot.pass}>
                  <button type="button" className={classes || undefined} aria-current={selectedPass === snapshot.pass ? 'step' : undefined} onClick={() => passChosen(snapshot.pass)}>
                    <strong>Pass {snapshot.pass}</strong>
                    <span>
                      {formatContext(before?.context)} → {formatContext(state?.context)} · <StrategyText strategy={snapshot.strategy} author={authors.get(snapshot.pass)} isShort />
                      {snapshot.ok ? '' : ' · failed'}
                    </span>
                    {state && <StateDetails state={state} window={figures.window} />}
                    {state?.isNoOp && <span className="pass-badge"><TermText id="no-op" /></span>}
                    {stall && <span className="pass-badge" title={stall.title}>{stall.words}</span>}
                    {storyBadges(stories.get(snapshot.pass)).map((badge) => (
                      <span key={badge} className="pass-badge">{badge}</span>
                    ))}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        {(hidesBefore || hidesAfter) && (
          <button type="button" className="pass-scroll" aria-label="Show later passes" title="Show later passes" disabled={!hidesAfter} onClick={() => page(1)}>›</button>
        )}
      </div>
      <OutcomeFlags flags={figures.outcome?.flags ?? []} />
      <span className="muted pass-hint">
        {stepKeysHint} · context tokens: {describeBasis(figures.basis)} · <GlossaryLink />{' '}
        <button type="button" className="pass-fold-toggle" aria-expanded={true} onClick={() => setOpen(false)}>Fold passes</button>
      </span>
    </div>
  );
}
