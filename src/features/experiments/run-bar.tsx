/** Counts of a run's cells by where they stand. */
export interface RunProgress {
  total: number;
  finished: number;
  running: number;
  failed: number;
}

/** "7 of 24 cells · 2 running · 1 failed". */
function progressWords(progress: RunProgress): string {
  const parts = [`${progress.finished} of ${progress.total} cells`];
  if (progress.running > 0) parts.push(`${progress.running} running`);
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  return parts.join(' · ');
}

/** What the run bar shows and does. */
export interface RunBarProps {
  /** Why nothing can run yet, in words; absent when the experiment can run. */
  cannotRunBecause?: string;
  isRunning: boolean;
  progress?: RunProgress;
  onRun(): void;
  onCancel(): void;
}

/** Run experiment (disabled with the reason), Cancel while running, and the progress in words and as a bar. */
export function RunBar({ cannotRunBecause, isRunning, progress, onRun, onCancel }: RunBarProps) {
  const reasonId = 'experiment-cannot-run';
  return (
    <div className="run-bar" role="group" aria-label="Run the experiment">
      <button type="button" className="primary" disabled={isRunning || cannotRunBecause !== undefined} aria-describedby={cannotRunBecause ? reasonId : undefined} onClick={onRun}>
        Run experiment
      </button>
      {isRunning && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      {cannotRunBecause && !isRunning && (
        <span id={reasonId} className="muted">
          {cannotRunBecause}
        </span>
      )}
      {progress && progress.total > 0 && (
        <>
          <progress max={progress.total} value={progress.finished} aria-label="Cells finished" />
          <span role="status" data-testid="experiment-progress">
            {progressWords(progress)}
          </span>
        </>
      )}
    </div>
  );
}
