import { promptSlotsOf, valueAt, withValueAt, type ConfigDocument, type PromptSlot } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { PromptRunBlocks } from './prompt-run-blocks';
import { PromptWordingNote } from './prompt-wording-note';

/** The first line of an override, as the list shows it (the whole text is in the prompt's own editor). */
function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function PromptSlotRow({ slot, document, onDocument, onEdit }: { slot: PromptSlot; document: ConfigDocument; onDocument(document: ConfigDocument): void; onEdit(slotId: string): void }) {
  const stored = valueAt(document, slot.path);
  const isSet = typeof stored === 'string';
  return (
    <section className="prompt-slot" aria-label={slot.label}>
      <div className="prompt-slot-head">
        <h4>{slot.label}{isSet ? ' — overridden' : ''}</h4>
        <button type="button" data-edit-prompt={slot.id} onClick={() => onEdit(slot.id)} aria-label={`Edit ${slot.label}`}>Edit</button>
        <button type="button" disabled={!isSet} onClick={() => onDocument(withValueAt(document, slot.path, undefined))} aria-label={`Reset ${slot.label}`}>Reset</button>
      </div>
      <p className="muted prompt-variables">
        {isSet ? (stored === '' ? 'Overridden with an empty text.' : <>Yours: “{firstLine(stored)}” ({stored.length.toLocaleString('en-US')} characters)</>) : 'The default is sent.'}
        {' · '}
        {slot.variables.length === 0 ? 'takes no {{variables}}' : `variables ${slot.variables.map((name) => `{{${name}}}`).join(', ')}`}
      </p>
      <PromptWordingNote slot={slot} />
      <PromptRunBlocks slot={slot} override={isSet ? stored : undefined} />
    </section>
  );
}

/**
 * Every prompt the profile sends, one line each: whether it is overridden, the variables it may use, its problems,
 * Reset, and Edit, which opens it as the main editor (`PromptFocusEditor`, in the config editor's place).
 */
export function PromptOverrides({ profile, document, onDocument, onEdit }: {
  profile: ProfileId;
  document: ConfigDocument;
  onDocument(document: ConfigDocument): void;
  onEdit(slotId: string): void;
}) {
  const slots = promptSlotsOf(profile);
  if (slots.length === 0) return <p className="muted">This profile sends no overridable prompt.</p>;
  return (
    <div className="prompt-overrides">
      {slots.map((slot) => <PromptSlotRow key={slot.id} slot={slot} document={document} onDocument={onDocument} onEdit={onEdit} />)}
    </div>
  );
}
