import type { ReactNode } from 'react';
import { formatInteger } from '../../ui/format';
import type { Fact } from '../../engine';
import { focusSource } from './focus-source';
import { groupLostFacts } from './retention-rows';

/** Facts can be whole error messages: show a line's worth and keep the rest in the tooltip. */
const SHOWN_CHARACTERS = 240;

/** What a list of lost facts is called, and what each of its category lists is called. */
interface ListNames {
  list: string;
  group: (categoryLabel: string) => string;
}

const lostFactNames: ListNames = { list: 'Lost facts', group: (categoryLabel) => `Lost ${categoryLabel.toLowerCase()}` };

/**
 * The "Lost facts" list, grouped by category. Each fact names its source message and a button shows that message in
 * the Original transcript tab (the store's focused message, which that tab scrolls to). `after` adds to a fact's line
 * (the need-weighted list's links to where a fact was used); `names` names the lists.
 */
export function LostFactsList<F extends Fact>({ lost, indexOf, names = lostFactNames, after }: { lost: readonly F[]; indexOf: ReadonlyMap<string, number>; names?: ListNames; after?: (fact: F, shown: string) => ReactNode }) {
  const groups = groupLostFacts(lost);
  if (groups.length === 0) return <p className="muted">No facts lost.</p>;
  return (
    <ul className="lost-facts" aria-label={names.list}>
      {groups.map((group) => (
        <li key={group.category}>
          <h4>
            {group.label} <span className="muted">({formatInteger(group.facts.length)})</span>
          </h4>
          <ul aria-label={names.group(group.label)}>
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
                  {after?.(fact, shown)}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
