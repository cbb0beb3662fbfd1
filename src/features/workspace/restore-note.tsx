import { usePageWorkspace } from '../../workspace/page-workspace';
import { runWords } from './workspace-words';

/** Says what a reload reopened from the workspace (the last transcript, its last run's config and figures). */
export function RestoreNote() {
  const restored = usePageWorkspace((state) => state.restored);
  if (!restored) return null;
  return (
    <div className="restore-note" role="status">
      <p>
        Reopened “{restored.transcriptName}” from your workspace, the transcript you last had open.
        {restored.run
          ? ` Its last run’s config is applied; that run: ${runWords(restored.run.summary)} Press Run to see its passes again (runs are kept as figures, not re-run on opening).`
          : ''}
      </p>
      <button type="button" onClick={() => usePageWorkspace.setState({ restored: undefined })}>Dismiss</button>
    </div>
  );
}
