import { useEffect, useRef } from 'react';
import { glossary, type GlossaryEntry, type TermId } from './glossary-terms';
import { closeGlossary, useGlossary } from './glossary-store';
import './glossary.css';

const entries = Object.entries(glossary) as [TermId, GlossaryEntry][];

/**
 * The glossary: each of the lab's own terms with the plain words the page uses for it and what it is. Opened from the
 * header, the hint lines or a term's link (then at that entry); Escape, Close or a click beside it shuts it.
 */
export function GlossaryDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const { isOpen, term, request } = useGlossary();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!isOpen) {
      if (element.open) element.close();
      return;
    }
    if (!element.open) element.showModal();
    const entry = term ? element.querySelector<HTMLElement>(`#glossary-${term}`) : null;
    entry?.scrollIntoView?.({ block: 'nearest' });
    entry?.focus();
  }, [isOpen, term, request]);
  return (
    <dialog
      ref={dialog}
      className="glossary-dialog"
      aria-label="Glossary"
      onClose={closeGlossary}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its content.
        if (event.target === event.currentTarget) closeGlossary();
      }}
    >
      <div className="glossary-body">
        <h2>Glossary</h2>
        <p className="muted">The words the page uses, each with the lab's own term beside it: the name configs, the CLI and its JSON use.</p>
        <dl>
          {entries.map(([id, entry]) => (
            <div key={id} id={`glossary-${id}`} className={id === term ? 'glossary-entry is-chosen' : 'glossary-entry'} tabIndex={-1}>
              <dt>
                <strong>{entry.plain}</strong> <span className="muted">—</span> <code>{entry.term}</code>
              </dt>
              <dd>{entry.meaning}</dd>
            </div>
          ))}
        </dl>
        <div className="dialog-actions">
          <button type="button" onClick={closeGlossary}>Close</button>
        </div>
      </div>
    </dialog>
  );
}
