/** One thing on offer in a choice list: its id, name, and a few words after the name. */
interface ChoiceOption {
  id: string;
  name: string;
  detail?: string;
}

/** The options of one heading: what they are, where they come from. */
interface ChoiceGroup {
  heading: string;
  options: readonly ChoiceOption[];
}

/** A checkbox per option under each group's heading (a group with none is left out): the picker of transcripts and of configs alike. */
export function ChoiceGroups({ groups, chosen, isReadOnly, onToggle }: { groups: readonly ChoiceGroup[]; chosen: readonly string[]; isReadOnly: boolean; onToggle(id: string, isChosen: boolean): void }) {
  return groups
    .filter((group) => group.options.length > 0)
    .map(({ heading, options }) => (
      <div key={heading} className="choice-group" role="group" aria-label={heading}>
        <h4>{heading}</h4>
        {options.map((option) => (
          <label key={option.id} className="choice">
            <input type="checkbox" checked={chosen.includes(option.id)} disabled={isReadOnly} onChange={(event) => onToggle(option.id, event.target.checked)} />
            {option.name}
            {option.detail && <span className="muted"> · {option.detail}</span>}
          </label>
        ))}
      </div>
    ));
}
