import { useState } from 'react';

/** A past experiment kept in the workspace. */
interface HistoryEntry {
  id: string;
  name: string;
  /** When it was made, as the page shows dates (ISO 8601). */
  createdAt: string;
  /** A few words: "2 configs × 3 transcripts · finished". */
  summary: string;
  isOpen: boolean;
}

/** The list of past experiments and what can be done with each. */
export interface ExperimentHistoryProps {
  entries: readonly HistoryEntry[];
  onOpen(id: string): void;
  onRename(id: string, name: string): void;
  onDelete(id: string): void;
}

function HistoryItem({ entry, onOpen, onRename, onDelete }: { entry: HistoryEntry } & Omit<ExperimentHistoryProps, 'entries'>) {
  const [draft, setDraft] = useState<string>();
  if (draft !== undefined) {
    const save = () => {
      if (draft.trim() !== '') onRename(entry.id, draft.trim());
      setDraft(undefined);
    };
    return (
      <li>
        <input aria-label={`New name for ${entry.name}`} value={draft} autoFocus onChange={(event) => setDraft(event.target.value)} onKeyDown={(event) => (event.key === 'Enter' ? save() : event.key === 'Escape' ? setDraft(undefined) : undefined)} />
        <button type="button" onClick={save}>
          Save name
        </button>
      </li>
    );
  }
  return (
    <li aria-current={entry.isOpen ? 'true' : undefined}>
      <button type="button" className="link-button" onClick={() => onOpen(entry.id)}>
        Open {entry.name}
      </button>{' '}
      <span className="muted">
        {entry.createdAt.slice(0, 16).replace('T', ' ')} · {entry.summary}
      </span>{' '}
      <button type="button" aria-label={`Rename ${entry.name}`} onClick={() => setDraft(entry.name)}>
        Rename
      </button>{' '}
      <button type="button" aria-label={`Delete ${entry.name}`} onClick={() => onDelete(entry.id)}>
        Delete
      </button>
    </li>
  );
}

/** Past experiments, newest first: open, rename, delete. */
export function ExperimentHistory({ entries, ...actions }: ExperimentHistoryProps) {
  return (
    <details className="experiment-history">
      <summary>Past experiments ({entries.length})</summary>
      {entries.length === 0 ? (
        <p className="muted">None yet: each experiment you run is kept here, in this browser, with its results.</p>
      ) : (
        <ul aria-label="Past experiments">
          {entries.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} {...actions} />
          ))}
        </ul>
      )}
    </details>
  );
}
