import { withWorkspace } from '../../workspace/page-workspace';
import type { RunRecord } from '../../workspace/workspace-schema';
import { reopenRun, type OpenFile } from './reopen';
import { WorkspaceItem } from './workspace-item';
import { dateWords, runWords } from './workspace-words';

/** What the compare bar says for how many runs are picked. */
function compareWords(count: number): string {
  if (count === 2) return 'Two runs picked: compare the states they left, the older on the left.';
  if (count === 1) return 'One run picked: pick one more of the same transcript.';
  return 'Pick two compactions of one transcript to compare the states they left.';
}

/**
 * The Workspace panel's recorded runs and replays: each to reopen, rename or delete, and single compactions to pick
 * (two at most: a third replaces the first picked) for a comparison of the states they left.
 */
export function RunsSection({ runs, picked, onPick, onCompare, openFile, onOpened }: {
  runs: readonly RunRecord[];
  /** Ids of the picked runs, in the order they were picked. */
  picked: readonly string[];
  onPick(id: string): void;
  onCompare(): void;
  openFile: OpenFile;
  /** A run's transcript and config are on the page now (the panel closes). */
  onOpened(): void;
}) {
  const pickedCount = runs.filter((run) => picked.includes(run.id)).length;
  const change = (work: Parameters<typeof withWorkspace>[0]) => void withWorkspace(work, { isChange: true });
  return (
    <section aria-label="Runs">
      <h3>Runs</h3>
      {runs.length === 0 ? (
        <p className="empty-state">Every compaction and session replay you run on a transcript of yours is recorded here with its figures.</p>
      ) : (
        <>
          <div className="run-compare-bar">
            <span className="muted">{compareWords(pickedCount)}</span>
            <button type="button" disabled={pickedCount !== 2} onClick={onCompare}>Compare the two picked runs</button>
          </div>
          <ul className="workspace-list">
            {runs.map((run) => (
              <WorkspaceItem
                key={run.id}
                name={run.name}
                details={`${dateWords(run.createdAt)} · ${runWords(run.summary)}`}
                openLabel="Open transcript and config"
                onOpen={() => void reopenRun(run, openFile).then((isOpen) => isOpen && onOpened())}
                onRename={(name) => change((workspace) => workspace.rename('runs', run.id, name))}
                onDelete={() => change((workspace) => workspace.delete('runs', run.id))}
                pick={
                  run.kind === 'compaction' ? (
                    <label className="run-pick">
                      <input type="checkbox" checked={picked.includes(run.id)} onChange={() => onPick(run.id)} /> Pick to compare
                    </label>
                  ) : undefined
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
