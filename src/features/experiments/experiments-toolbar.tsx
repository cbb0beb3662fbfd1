import { ExperimentHistory, type ExperimentHistoryProps } from './experiment-history';

/** What the toolbar can do: import `eval --jsonl` output, export, share the definition, and the history. */
export interface ExperimentsToolbarProps {
  onImport(file: File): void;
  /** What went wrong reading the last import, in words (where and what). */
  importError?: string;
  /** Why there is nothing to export or share yet; absent when there is. */
  nothingToExportBecause?: string;
  onExport(): void;
  onShareLink(): void;
  onShareFile(): void;
  /** Said after sharing: "Link copied …". */
  shareNote?: string;
  history: ExperimentHistoryProps;
}

/** Import, export, share and the history of past experiments. */
export function ExperimentsToolbar({ onImport, importError, nothingToExportBecause, onExport, onShareLink, onShareFile, shareNote, history }: ExperimentsToolbarProps) {
  const cannot = nothingToExportBecause !== undefined;
  return (
    <div className="experiments-toolbar">
      <div className="toolbar-actions" role="group" aria-label="Experiment files">
        <label className="file-button">
          Import eval --jsonl…{' '}
          <input
            type="file"
            accept=".jsonl,.json,application/x-ndjson,application/json,text/plain"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onImport(file);
            }}
          />
        </label>
        <button type="button" disabled={cannot} title={nothingToExportBecause} onClick={onExport}>
          Export JSONL
        </button>
        <button type="button" disabled={cannot} title={nothingToExportBecause} onClick={onShareLink}>
          Copy experiment link
        </button>
        <button type="button" disabled={cannot} title={nothingToExportBecause} onClick={onShareFile}>
          Save experiment file
        </button>
        {shareNote && (
          <span role="status" className="muted">
            {shareNote}
          </span>
        )}
      </div>
      {importError && (
        <p className="alert" role="alert">
          {importError}
        </p>
      )}
      <ExperimentHistory {...history} />
    </div>
  );
}
