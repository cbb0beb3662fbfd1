import { useRef, useState } from 'react';
import { useLabStore } from '../../state/store';
import { PasteDialog } from './paste-dialog';
import { samples } from './samples';
import { useImport } from './use-import';

/** The load controls: open a file, paste text, or pick a bundled sample. Drag-and-drop is handled by DropZone. */
export function LoadBar() {
  const { importFile, importText, importSample } = useImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isPasteOpen, setPasteOpen] = useState(false);
  const loadStatus = useLabStore((state) => state.loadStatus);
  const loadingName = useLabStore((state) => state.loadingName);
  return (
    <div className="load-bar" role="group" aria-label="Load a transcript">
      <button type="button" onClick={() => fileInput.current?.click()}>Open file…</button>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Transcript file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void importFile(file);
          event.target.value = '';
        }}
      />
      <button type="button" onClick={() => setPasteOpen(true)}>Paste…</button>
      <select
        aria-label="Open a sample"
        value=""
        onChange={(event) => {
          const sample = samples.find((candidate) => candidate.id === event.target.value);
          if (sample) void importSample(sample);
        }}
      >
        <option value="" disabled>Samples…</option>
        {samples.map((sample) => (
          <option key={sample.id} value={sample.id}>{sample.title}</option>
        ))}
      </select>
      {loadStatus === 'loading' && <span className="muted" role="status">Importing {loadingName}…</span>}
      {isPasteOpen && (
        <PasteDialog
          onCancel={() => setPasteOpen(false)}
          onImport={(text) => {
            setPasteOpen(false);
            void importText(text);
          }}
        />
      )}
    </div>
  );
}
