import { useEffect, useRef, useState } from 'react';

/** A modal text area for pasting a transcript; Ctrl/⌘+Enter imports, Escape cancels. */
export function PasteDialog({ onImport, onCancel }: { onImport(text: string): void; onCancel(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const submit = () => {
    if (text.trim() !== '') onImport(text);
  };
  return (
    <dialog ref={dialog} className="paste-dialog" aria-label="Paste a transcript" onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="paste-text">Paste a transcript (any supported format, or plain “User: / Assistant:” text)</label>
        <textarea
          id="paste-text"
          autoFocus
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <div className="dialog-actions">
          <span className="muted">{text.length.toLocaleString('en-US')} characters</span>
          <button type="button" onClick={onCancel}>Cancel</button>
          <button type="submit" disabled={text.trim() === ''}>Import</button>
        </div>
      </form>
    </dialog>
  );
}
