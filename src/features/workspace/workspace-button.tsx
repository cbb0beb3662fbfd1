import { useState } from 'react';
import type { OpenFile } from './reopen';
import { WorkspaceDialog, type CompareRuns } from './workspace-dialog';
import './workspace.css';

/** The header's Workspace button and the panel it opens; the focus returns to the button on close. */
export function WorkspaceButton({ openFile, compareRuns }: { openFile: OpenFile; compareRuns: CompareRuns }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>Workspace</button>
      {isOpen && <WorkspaceDialog openFile={openFile} compareRuns={compareRuns} onClose={() => setOpen(false)} />}
    </>
  );
}
