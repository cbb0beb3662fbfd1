import { formatInteger } from '../../ui/format';
import { Term } from '../../ui/term';
import type { NeededFact, PassRetention } from '../../engine';
import { focusSource } from './focus-source';
import { LostFactsList } from './lost-facts-list';
import { describeNeedWeighted } from './retention-rows';

/** A fact used many times later links to its first uses only; the count says how many more there were. */
const SHOWN_USES = 4;

const neededNames = { list: 'Lost needed facts', group: (categoryLabel: string) => `Lost needed ${categoryLabel.toLowerCase()}` };

/** The links from a lost needed fact to the later messages that used it. */
function UsedAt({ fact, shown, indexOf }: { fact: NeededFact; shown: string; indexOf: ReadonlyMap<string, number> }) {
  const indexes = fact.usedAt.flatMap((id) => {
    const index = indexOf.get(id);
    return index === undefined ? [] : [index];
  });
  if (indexes.length === 0) return null;
  const more = indexes.length - SHOWN_USES;
  return (
    <span className="used-at">
      {' '}
      used later at{' '}
      {indexes.slice(0, SHOWN_USES).map((index, position) => (
        <span key={index}>
          {position > 0 && ', '}
          <button type="button" className="link-button" onClick={() => focusSource(index)} aria-label={`Show message ${index + 1}, where “${shown}” was used later, in the Original transcript tab`}>
            message {formatInteger(index + 1)}
          </button>
        </span>
      ))}
      {more > 0 && <span className="muted"> and {formatInteger(more)} more</span>}
    </span>
  );
}

/**
 * "Needed later": of the compacted part's facts that the source messages after it use again, the share this pass's
 * output holds without those later messages (it keeps them verbatim, so they would hold every such fact), with each
 * lost needed fact linked to its source and to where it was used. Said in words when nothing comes after.
 */
export function NeedWeightedSection({ needWeighted, indexOf }: { needWeighted: PassRetention['needWeighted']; indexOf: ReadonlyMap<string, number> }) {
  const from = needWeighted === undefined ? undefined : indexOf.get(needWeighted.laterFrom);
  const later =
    needWeighted === undefined ? '' : `the ${formatInteger(needWeighted.laterMessages)} source message${needWeighted.laterMessages === 1 ? '' : 's'} after the compacted part${from === undefined ? '' : ` (from message ${formatInteger(from + 1)})`}`;
  return (
    <section aria-label="Needed later">
      <h4><Term id="needed-facts">Needed later</Term></h4>
      {needWeighted === undefined ? (
        <p className="muted">Needed later: not measured — nothing in the transcript comes after the messages this pass compacted, so no later use shows what it needed.</p>
      ) : needWeighted.nothingNeeded ? (
        <p className="muted">Needed later: nothing — {later} use none of the compacted part's facts again.</p>
      ) : (
        <>
          <p className={needWeighted.score < 0.5 ? 'retention-poor' : needWeighted.score < 0.9 ? 'retention-fair' : undefined}>{describeNeedWeighted(needWeighted)}</p>
          <p className="muted">
            The facts of the compacted part that {later} use again (in the agent's text and tool calls or the user's messages), checked against this pass's output without those later messages, which it keeps as they were.
          </p>
          <h4>Lost needed facts ({formatInteger(needWeighted.lost.length)})</h4>
          <LostFactsList lost={needWeighted.lost} indexOf={indexOf} names={neededNames} after={(fact, shown) => <UsedAt fact={fact} shown={shown} indexOf={indexOf} />} />
        </>
      )}
    </section>
  );
}
