import { useMemo, useState, type ReactNode } from 'react';
import { documentText, promptSlotsOf, valueAt, withValueAt, type ConfigDocument, type PromptSlot } from '../../engine/config';
import { useProviderStore } from '../../state/provider-store';
import { useConfigStore } from '../../state/config-store';
import { useAbStore } from './ab-store';
import { rungsOfB, summarizerLabel } from './ab-variants';
import { TermText } from '../../ui/term';

/** Variant A, read-only: the Compaction panel's config and the page's summarizer (edit them there). */
export function VariantA() {
  const shown = useConfigStore((state) => state.config.text);
  const { mode, rungs } = useProviderStore();
  return (
    <section className="ab-variant" aria-label="Variant A">
      <h3>Variant A</h3>
      <p className="muted">The Compaction panel's config · {summarizerLabel(mode, rungs)}</p>
      <textarea aria-label="Variant A config JSON" readOnly spellCheck={false} rows={10} value={shown} />
    </section>
  );
}

/** A request to open one of B's prompts in its editor; a new `serial` asks again. */
interface PromptRequest {
  slotId: string;
  serial: number;
}

/**
 * Variant B's editor, handed in by the app: the Config tab's editors working on B's document. It calls
 * `onPromptClosed` when the prompt a request opened is closed (Done or Escape).
 */
export type VariantEditor = (props: { disabled: boolean; promptRequest?: PromptRequest; onPromptClosed?(): void }) => ReactNode;

/** The slot offered first: the main summary prompt where the profile has one. */
function firstSlot(slots: readonly PromptSlot[]): PromptSlot | undefined {
  return slots.find((slot) => slot.id === 'summary') ?? slots[0];
}

/**
 * A's config with one prompt set to edit: its override kept when A has one, else the default text to start from
 * (the same words the run sends, so B runs as A until the text is changed).
 */
function copyWithPrompt(document: ConfigDocument, slot: PromptSlot): ConfigDocument {
  return typeof valueAt(document, slot.path) === 'string' || slot.defaultText === '' ? document : withValueAt(document, slot.path, slot.defaultText);
}

/** "Edit a prompt in B": one click makes B a copy of A's config with the chosen prompt open in B's editor. */
function PromptShortcut({ disabled, onRequest }: { disabled: boolean; onRequest(slot: PromptSlot): void }) {
  const profile = useConfigStore((state) => state.config.profile ?? state.profile);
  const isObjectA = useConfigStore((state) => state.config.document !== undefined);
  const slots = useMemo(() => promptSlotsOf(profile), [profile]);
  const [chosenId, setChosenId] = useState<string>();
  const chosen = slots.find((slot) => slot.id === chosenId) ?? firstSlot(slots);
  if (!chosen) return null;
  return (
    <div className="ab-prompt-shortcut">
      <label>
        Prompt{' '}
        <select aria-label="Prompt to edit in B" value={chosen.id} disabled={disabled} onChange={(event) => setChosenId(event.target.value)}>
          {slots.map((slot) => <option key={slot.id} value={slot.id}>{slot.label}</option>)}
        </select>
      </label>
      <button type="button" className="primary-button" disabled={disabled || !isObjectA} onClick={() => onRequest(chosen)}>
        Edit a prompt in B
      </button>
      <span className="muted">{isObjectA ? "B becomes A's config with this prompt open to edit." : "A's config is not a JSON object: fix it first."}</span>
    </div>
  );
}

/**
 * Variant B: its own config (a copy of A's until edited) and optionally its own model ids. With the app's editor, B
 * is edited as the Config tab edits A (form, prompts beside their defaults, raw JSON); without it, as raw JSON.
 */
export function VariantB({ disabled, editor }: { disabled: boolean; editor?: VariantEditor }) {
  const textA = useConfigStore((state) => state.config.text);
  const textB = useConfigStore((state) => state.variantB?.text);
  const variantBEdited = useConfigStore((state) => state.variantBEdited);
  const { bModels, bModelEdited } = useAbStore();
  const { mode, rungs } = useProviderStore();
  const [promptRequest, setPromptRequest] = useState<PromptRequest>();
  // The prompt "Edit a prompt in B" opened, while its editor is open (the line saying so goes when it closes).
  const [openedLabel, setOpenedLabel] = useState<string>();
  const isLive = mode === 'live';
  const requestPrompt = (slot: PromptSlot) => {
    const documentA = useConfigStore.getState().config.document;
    if (!documentA) return;
    variantBEdited(documentText(copyWithPrompt(documentA, slot)));
    setPromptRequest((previous) => ({ slotId: slot.id, serial: (previous?.serial ?? 0) + 1 }));
    setOpenedLabel(slot.label);
  };
  return (
    <section className="ab-variant" aria-label="Variant B">
      <h3>Variant B</h3>
      <p className="muted">
        {textB === undefined ? "A copy of A's config until you edit it" : 'Edited'} · {summarizerLabel(mode, rungsOfB(rungs, bModels))}
      </p>
      {editor && <PromptShortcut disabled={disabled} onRequest={requestPrompt} />}
      {editor && openedLabel && textB !== undefined && (
        <p className="muted" role="status" aria-label="Prompt opened in B">
          B is A's config with “{openedLabel}” open below: change it, then Run A/B.
        </p>
      )}
      {editor ? (
        editor({ disabled, promptRequest, onPromptClosed: () => setOpenedLabel(undefined) })
      ) : (
        <textarea
          aria-label="Variant B config JSON"
          spellCheck={false}
          rows={10}
          disabled={disabled}
          value={textB ?? textA}
          onChange={(event) => variantBEdited(event.target.value)}
        />
      )}
      <div className="ab-variant-models">
        <label>
          B main model{' '}
          <input aria-label="Variant B main model" disabled={disabled || !isLive} placeholder={rungs.main.model} value={bModels.main} onChange={(event) => bModelEdited('main', event.target.value)} />
        </label>
        <label>
          B <TermText id="cheap-model" />{' '}
          <input
            aria-label="Variant B cheap model"
            disabled={disabled || !isLive || rungs.smol.provider === 'none'}
            placeholder={rungs.smol.provider === 'none' ? 'none' : rungs.smol.model}
            value={bModels.smol}
            onChange={(event) => bModelEdited('smol', event.target.value)}
          />
        </label>
        {!isLive && <span className="muted">Models apply with live providers (Summarizer settings).</span>}
      </div>
      {textB !== undefined && (
        <button type="button" disabled={disabled} onClick={() => variantBEdited(undefined)}>
          Copy A's config into B
        </button>
      )}
    </section>
  );
}
