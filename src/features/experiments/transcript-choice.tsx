import { useState, type DragEvent } from 'react';
import { ChoiceGroups } from './choice-groups';

/** A transcript the experiment can run on: one kept in the workspace, a bundled sample, or a file added here. */
export interface TranscriptOption {
  id: string;
  name: string;
  origin: 'workspace' | 'sample' | 'file';
  /** A few words after the name: its size, format, or the sample's title. */
  detail?: string;
}

/** The transcripts on offer, which are chosen, and how to choose and add. */
export interface TranscriptChoiceProps {
  options: readonly TranscriptOption[];
  chosen: readonly string[];
  onToggle(id: string, isChosen: boolean): void;
  onAddFiles(files: File[]): void;
  isReadOnly?: boolean;
}

const groups: { origin: TranscriptOption['origin']; heading: string }[] = [
  { origin: 'workspace', heading: 'Your workspace' },
  { origin: 'file', heading: 'Added here' },
  { origin: 'sample', heading: 'Bundled samples' },
];

/** Checkboxes for every transcript on offer, grouped by where it comes from, and a place to add or drop many files. */
export function TranscriptChoice({ options, chosen, onToggle, onAddFiles, isReadOnly = false }: TranscriptChoiceProps) {
  const [isDragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLFieldSetElement>) => {
    // The page-wide drop opens one transcript in the lab; here every dropped file joins the experiment instead.
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0 && !isReadOnly) onAddFiles(files);
  };
  return (
    <fieldset
      className={`experiment-transcripts${isDragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <legend>Transcripts ({chosen.length} chosen)</legend>
      {chosen.length === 0 && <p className="empty-hint">Add transcripts: pick from your workspace, the samples, or drop files here.</p>}
      <ChoiceGroups groups={groups.map(({ origin, heading }) => ({ heading, options: options.filter((option) => option.origin === origin) }))} chosen={chosen} isReadOnly={isReadOnly} onToggle={onToggle} />
      <label className="add-files">
        Add transcript files…{' '}
        <input
          type="file"
          multiple
          disabled={isReadOnly}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) onAddFiles(files);
          }}
        />
      </label>
    </fieldset>
  );
}
