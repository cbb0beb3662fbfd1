import { showSession } from '../../state/open-replay-compaction';
import { useInspection } from '../../state/use-inspection';

/** Which run the timeline shows when it is not a run of the whole file: an opened replay compaction, or a run from the context the agent last held. */
export function ShownRunNotes() {
  const { openedContext, startedFrom } = useInspection();
  return (
    <>
      {openedContext && (
        <p className="pass-timeline-opened" role="note" aria-label="Shown run">
          {openedContext.label}.{' '}
          <button type="button" className="link-button" onClick={showSession}>Show the session</button>
        </p>
      )}
      {startedFrom && (
        <p className="pass-timeline-opened" role="note" aria-label="Shown run" data-testid="run-started-from">
          {startedFrom.label}; Original below is that context.
        </p>
      )}
    </>
  );
}
