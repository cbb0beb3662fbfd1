import { useState, type ReactNode } from 'react';

/** One kept thing in the Workspace panel: its details, Open, Rename (inline) and Delete (asks first). */
export function WorkspaceItem({ name, details, openLabel, onOpen, onRename, onDelete, deleteWarning, pick }: {
  name: string;
  details: ReactNode;
  openLabel: string;
  onOpen(): void;
  onRename(name: string): void;
  onDelete(): void;
  /** What else goes with it, said in the confirmation ("and its 2 runs"). */
  deleteWarning?: string;
  /** A control beside the actions (the Runs list's pick-to-compare box). */
  pick?: ReactNode;
}) {
  const [mode, setMode] = useState<'shown' | 'renaming' | 'confirming'>('shown');
  const [draft, setDraft] = useState(name);
  if (mode === 'renaming') {
    return (
      <li className="workspace-item">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim() !== '') onRename(draft.trim());
            setMode('shown');
          }}
        >
          <input aria-label={`New name for ${name}`} value={draft} autoFocus onChange={(event) => setDraft(event.target.value)} onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              setMode('shown');
            }
          }} />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setMode('shown')}>Cancel</button>
        </form>
      </li>
    );
  }
  return (
    <li className="workspace-item">
      <div className="workspace-item-name">{name}</div>
      <div className="muted">{details}</div>
      {mode === 'confirming' ? (
        <div role="group" aria-label={`Delete ${name}?`}>
          <span>Delete “{name}”{deleteWarning ? ` ${deleteWarning}` : ''}? This cannot be undone.</span>
          <button type="button" onClick={onDelete}>Delete for good</button>
          <button type="button" autoFocus onClick={() => setMode('shown')}>Keep it</button>
        </div>
      ) : (
        <div className="workspace-item-actions">
          {pick}
          <button type="button" onClick={onOpen}>{openLabel}</button>
          <button type="button" aria-label={`Rename ${name}`} onClick={() => { setDraft(name); setMode('renaming'); }}>Rename</button>
          <button type="button" aria-label={`Delete ${name}`} onClick={() => setMode('confirming')}>Delete</button>
        </div>
      )}
    </li>
  );
}
