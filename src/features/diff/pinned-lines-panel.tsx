import { useSessionFlag } from '../../ui/use-session-flag';
import { Term } from '../../ui/term';
import type { PinnedLineStatus } from './pinned-lines';

/** Where a pinned line was found, named by what the output message is. */
export type LocationNamer = (outputIndex: number) => { name: string; isSummary: boolean };

/**
 * The "Pinned lines" list: each line of the run's config present (with where) or missing from the chosen pass's
 * output. A present line jumps to its first place; a line the carrier restored but the summary lost is called out.
 * It opens folded to its one-line tally (present and missing counts, one click from the list) so the diff below keeps
 * the room; a run that lost a pinned line opens it. The user's fold or unfold holds for the session.
 */
export function PinnedLinesPanel({ statuses, nameLocation, hasSummary, onJumpToOutput }: { statuses: readonly PinnedLineStatus[]; nameLocation: LocationNamer; hasSummary: boolean; onJumpToOutput(outputIndex: number, line: string): void }) {
  const missing = statuses.filter((status) => status.locations.length === 0).length;
  const lostFromSummary = hasSummary ? statuses.filter((status) => status.locations.length > 0 && !status.locations.some((location) => nameLocation(location).isSummary)).length : 0;
  const isLosing = missing + lostFromSummary > 0;
  const [isOpen, setOpen] = useSessionFlag('compaction-lab/pinned-lines-open', isLosing);
  return (
    <details className={isLosing ? 'diff-pinned-panel is-losing' : 'diff-pinned-panel'} open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Pinned lines: {statuses.length - missing} of {statuses.length} present{missing > 0 && <span className="diff-missing"> · {missing} missing</span>}
        {lostFromSummary > 0 && <span className="diff-missing"> · {lostFromSummary} missing from the summary</span>}
      </summary>
      <ul aria-label="Pinned lines">
        {statuses.map((status) => {
          const places = status.locations.map(nameLocation);
          const isInSummary = places.some((place) => place.isSummary);
          if (status.locations.length === 0) {
            return (
              <li key={status.line} className="diff-pinned-missing">
                <span className="fate-badge fate-badge-dropped">missing</span> <q title={status.line}>{status.line}</q>
              </li>
            );
          }
          const isLostFromSummary = hasSummary && !isInSummary;
          return (
            <li key={status.line} className={isLostFromSummary ? 'diff-pinned-lost' : 'diff-pinned-present'}>
              {isLostFromSummary ? <span className="fate-badge fate-badge-dropped">missing from the summary</span> : <span className="fate-badge fate-badge-kept">present</span>}{' '}
              <button type="button" className="link-button" onClick={() => onJumpToOutput(status.locations[0], status.line)} aria-label={`Go to pinned line: ${status.line}`} title={status.line}>
                {status.line}
              </button>{' '}
              <span className="muted">in {[...new Set(places.map((place) => place.name))].join(', ')}</span>
              {isLostFromSummary && <span className="diff-warning"> · restored only because the <Term id="pinned-carrier" /> repeats it</span>}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
