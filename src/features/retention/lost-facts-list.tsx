import { formatInteger } from '../../ui/format';
import type { Fact } from '../../engine';
import { focusSource } from './focus-source';
import { groupLostFacts } from './retention-rows';

/** Facts can be whole error messages: show a line's worth and keep the rest in the tooltip. */
const SHOWN_CHARACTERS = 240;

/**
 * The "Lost facts" list, grouped by category. Each fact names its source message and a button shows that message in
 * the Original transcript tab (the store's focused message, which that tab scrolls to).
 */
export function LostFactsList({ lost, indexOf }: { lost: readonly Fact[]; indexOf: ReadonlyMap<string, number> }) {
  const groups = groupLostFacts(lost);
  if (groups.length === 0) return <p className="muted">No facts lost.</p>;
  return (
    <ul className="lost-facts" aria-label="Lost facts">
      {groups.map((group) => (
        <li key={group.category}>
          <h4>
            {group.label} <span className="muted">({formatInteger(group.facts.length)})</span>
          </h4>
          <ul aria-label={`Lost ${group.label.toLowerCase()}`}>
            {group.facts.map((fact, position) => {
              const index = indexOf.get(fact.sourceMessageId);
              const shown = fact.text.length > SHOWN_CHARACTERS ? `${fact.text.slice(0, SHOWN_CHARACTERS)}…` : fact.text;
              return (
                <li key={`${fact.sourceMessageId}-${position}`} className="lost-fact">
                  <code title={fact.text}>{shown}</code>{' '}
                  {index === undefined ? (
                    <span className="muted">(source message not in the original)</span>
                  ) : (
                    <button type="button" className="link-button" onClick={() => focusSource(index)} aria-label={`Show message ${index + 1}, the source of “${shown}”, in the Original transcript tab`}>
                      message {formatInteger(index + 1)}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
