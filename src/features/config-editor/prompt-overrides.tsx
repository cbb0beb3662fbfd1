import { useEffect, useRef, useState } from 'react';
import { promptSlotsOf, unknownVariables, upstreamPlaceholderProblem, valueAt, withValueAt, type ConfigDocument, type PromptSlot } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { CollapsibleText } from '../../ui/collapsible-text';
import type { PromptRequest } from './prompt-request';
import { PromptDiff } from './prompt-diff';

function PromptSlotEditor({ slot, document, onDocument, focusSerial }: {
  slot: PromptSlot;
  document: ConfigDocument;
  onDocument(document: ConfigDocument): void;
  /** Set when this prompt was asked for ("Edit a prompt in B"): each new value brings its editor into view, focused. */
  focusSerial?: number;
}) {
  const [isDiffShown, setDiffShown] = useState(true);
  const editor = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusSerial === undefined) return;
    editor.current?.focus({ preventScroll: true });
    editor.current?.scrollIntoView?.({ block: 'center' });
  }, [focusSerial]);
  const stored = valueAt(document, slot.path);
  const override = typeof stored === 'string' ? stored : '';
  const isSet = typeof stored === 'string';
  const unknown = isSet ? unknownVariables(slot, override) : [];
  const upstreamProblem = isSet ? upstreamPlaceholderProblem(slot, override) : undefined;
  const write = (text: string) => onDocument(withValueAt(document, slot.path, text === '' ? undefined : text));
  return (
    <section className="prompt-slot" aria-label={slot.label}>
      <h4>{slot.label}{isSet ? ' — overridden' : ''}</h4>
      <p className="muted prompt-variables">
        {slot.variables.length === 0 ? 'Takes no {{variables}}.' : `Variables: ${slot.variables.map((name) => `{{${name}}}`).join(', ')}`}
        {' · '}config path <code>{slot.path.join('.')}</code>
      </p>
      <div className="prompt-columns">
        <div>
          <h5>Default</h5>
          <PromptWordingNote slot={slot} />
          {slot.defaultText === '' ? <p className="muted">(empty)</p> : <CollapsibleText className="prompt-default" text={slot.defaultText} label={`the default ${slot.label}`} />}
        </div>
        <div>
          <h5>Override</h5>
          <textarea
            ref={editor}
            aria-label={`${slot.label} override`}
            value={override}
            rows={6}
            spellCheck={false}
            placeholder="Empty: the default is sent."
            onChange={(event) => write(event.target.value)}
          />
          <div className="prompt-actions">
            <button type="button" disabled={!isSet} onClick={() => write('')} aria-label={`Reset ${slot.label}`}>Reset</button>
            <button type="button" onClick={() => write(slot.defaultText)} disabled={isSet || slot.defaultText === ''} aria-label={`Start ${slot.label} from the default`}>
              Start from the default
            </button>
            <label>
              <input type="checkbox" checked={isDiffShown} disabled={!isSet} onChange={(event) => setDiffShown(event.target.checked)} aria-label={`Show the diff of ${slot.label}`} />
              Diff against the default
            </label>
          </div>
        </div>
      </div>
      {unknown.length > 0 && (
        <p className="alert" role="alert">
          {unknown.map((name) => `{{${name}}}`).join(', ')} {unknown.length === 1 ? 'is' : 'are'} not filled by this prompt and would reach the model as literal braces; a run is blocked until it is fixed.
        </p>
      )}
      {upstreamProblem && <p className="alert" role="alert">{upstreamProblem} A run is blocked until it is fixed.</p>}
      {isSet && isDiffShown && <PromptDiff before={slot.defaultText} after={override} label={slot.label} />}
    </section>
  );
}

/** Says whose words the default is, so nobody mistakes our paraphrase for the upstream prompt it stands in for. */
function PromptWordingNote({ slot }: { slot: PromptSlot }) {
  const { wording, upstreamPlaceholders } = slot;
  if (wording.kind === 'ours') return <p className="muted prompt-wording">Our own text; no upstream prompt corresponds.</p>;
  const renames = Object.entries(upstreamPlaceholders ?? {}).map(([upstream, ours]) => `{${upstream}} as {{${ours}}}`);
  return (
    <p className="muted prompt-wording">
      A paraphrase of <code>{wording.upstream}</code>: the same sections in the same order, in our words. To send the upstream text exactly, paste it as the override
      {renames.length > 0 ? `, writing ${renames.join(' and ')}.` : '.'}
    </p>
  );
}

/**
 * Every prompt the profile sends, each with its default beside the override, the variables it may use, Reset, and a
 * diff against the default. Writing an override sets the value at the slot's config path; emptying it removes it.
 */
export function PromptOverrides({ profile, document, onDocument, focusRequest }: {
  profile: ProfileId;
  document: ConfigDocument;
  onDocument(document: ConfigDocument): void;
  /** The prompt to bring into view and focus, if one was asked for. */
  focusRequest?: PromptRequest;
}) {
  const slots = promptSlotsOf(profile);
  if (slots.length === 0) return <p className="muted">This profile sends no overridable prompt.</p>;
  return (
    <div className="prompt-overrides">
      {slots.map((slot) => (
        <PromptSlotEditor key={slot.id} slot={slot} document={document} onDocument={onDocument} focusSerial={focusRequest?.slotId === slot.id ? focusRequest.serial : undefined} />
      ))}
    </div>
  );
}
