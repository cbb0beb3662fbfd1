import { useEffect, useRef, useState, type ComponentType } from 'react';
import { LazyView } from '../../ui/lazy-view';
import { formatBytes } from '../../ui/format';
import { usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import type { RunRecord } from '../../workspace/workspace-schema';
import { RunsSection } from './runs-section';
import { applyConfigText, openKeptTranscript, type OpenFile } from './reopen';
import { SaveConfigForm } from './save-config-form';
import { useWorkspaceLists } from './use-workspace-lists';
import { WorkspaceItem } from './workspace-item';
import { dateWords, storageWords } from './workspace-words';

/**
 * What shows two picked runs side by side (the Diff's comparison, which the app passes in: features never import each
 * other); `onBack` returns to the lists.
 */
export type CompareRuns = ComponentType<{ first: RunRecord; second: RunRecord; onBack(): void }>;

/** Renames or deletes through the workspace; the lists read again after. */
const change = (work: Parameters<typeof withWorkspace>[0]) => void withWorkspace(work, { isChange: true });

/**
 * The Workspace panel: the transcripts the user opened, saved configs and recorded runs — each to reopen, rename or
 * delete — storage use, and Save config as…. When the browser gives no workspace the panel says why and the page works on.
 */
export function WorkspaceDialog({ openFile, compareRuns: Comparison, onClose }: { openFile: OpenFile; compareRuns: CompareRuns; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const status = usePageWorkspace((state) => state.status);
  const problem = usePageWorkspace((state) => state.problem);
  const currentTranscriptId = usePageWorkspace((state) => state.currentTranscriptId);
  const lists = useWorkspaceLists();
  useEffect(() => {
    dialog.current?.showModal?.();
  }, []);
  const close = () => {
    dialog.current?.close?.();
    onClose();
  };
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [isComparing, setComparing] = useState(false);
  const runsOf = (id: string) => lists?.runs.filter((run) => run.transcriptId === id).length ?? 0;
  // A picked run deleted since is no longer picked.
  const pickedRuns = lists?.runs.filter((run) => picked.includes(run.id)) ?? [];
  const togglePick = (id: string) => setPicked((ids) => (ids.includes(id) ? ids.filter((kept) => kept !== id) : [...ids, id].slice(-2)));
  return (
    <dialog ref={dialog} className={`workspace-dialog${isComparing ? ' is-comparing' : ''}`} aria-label="Workspace" onCancel={onClose}>
      <h2>Workspace</h2>
      {problem && <p role="alert" className="workspace-problem">{problem.message}</p>}
      {status === 'unavailable' ? null : !lists ? (
        <p role="status">Reading the workspace…</p>
      ) : isComparing && pickedRuns.length === 2 ? (
        <LazyView name="the comparison">
          <Comparison first={pickedRuns[0]} second={pickedRuns[1]} onBack={() => setComparing(false)} />
        </LazyView>
      ) : (
        <>
          <p className="muted" data-testid="workspace-storage">{lists.use ? storageWords(lists.use) : ''}</p>
          <section aria-label="Transcripts">
            <h3>Transcripts</h3>
            {lists.transcripts.length === 0 ? (
              <p className="empty-state">Transcripts you open are kept here, so a reload finds them again: open a file, drop one or paste one. Samples are not kept.</p>
            ) : (
              <ul className="workspace-list">
                {lists.transcripts.map((record) => (
                  <WorkspaceItem
                    key={record.id}
                    name={record.name}
                    details={`${record.formatLabel} · ${formatBytes(record.sizeBytes)} · opened ${dateWords(record.openedAt)}${record.id === currentTranscriptId ? ' · on screen' : ''}`}
                    openLabel="Open"
                    onOpen={() => void openKeptTranscript(record, openFile).then((isOpen) => isOpen && close())}
                    onRename={(name) => change((workspace) => workspace.rename('transcripts', record.id, name))}
                    onDelete={() => change((workspace) => workspace.deleteTranscript(record.id))}
                    deleteWarning={runsOf(record.id) > 0 ? `and its ${runsOf(record.id)} recorded ${runsOf(record.id) === 1 ? 'run' : 'runs'}` : undefined}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Saved configs">
            <h3>Saved configs</h3>
            <SaveConfigForm />
            {lists.configs.length === 0 ? (
              <p className="empty-state">No saved configs yet: name the run panel’s config above to keep it.</p>
            ) : (
              <ul className="workspace-list">
                {lists.configs.map((record) => (
                  <WorkspaceItem
                    key={record.id}
                    name={record.name}
                    details={`saved ${dateWords(record.updatedAt)}`}
                    openLabel="Apply"
                    onOpen={() => {
                      applyConfigText(record.text);
                      close();
                    }}
                    onRename={(name) => change((workspace) => workspace.rename('configs', record.id, name))}
                    onDelete={() => change((workspace) => workspace.delete('configs', record.id))}
                  />
                ))}
              </ul>
            )}
          </section>
          <RunsSection runs={lists.runs} picked={picked} onPick={togglePick} onCompare={() => setComparing(true)} openFile={openFile} onOpened={close} />
        </>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={close}>Close</button>
      </div>
    </dialog>
  );
}
