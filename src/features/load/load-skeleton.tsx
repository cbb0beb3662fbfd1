import { useLabStore } from '../../state/store';
import { ProgressBar } from '../../ui/progress-bar';
import { useLoadProgress } from './load-progress';

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * What the main area shows while the first transcript loads: the shapes of the summary, the timeline and the tabs to
 * come, with the download's progress in bytes and then the import's step in words, so a first visit never looks blank.
 */
export function LoadSkeleton() {
  const loadingName = useLabStore((state) => state.loadingName);
  const { receivedBytes, totalBytes, stage } = useLoadProgress();
  const isDownloading = stage === 'download';
  const words = isDownloading
    ? `Downloading ${loadingName ?? 'the transcript'}${receivedBytes > 0 ? `: ${megabytes(receivedBytes)}${totalBytes ? ` of ${megabytes(totalBytes)}` : ''}` : '…'}`
    : `Reading ${loadingName ?? 'the transcript'} in the background…`;
  return (
    <div className="load-skeleton" aria-busy="true" aria-label="Loading the transcript">
      <div className="summary skeleton-summary">
        <p className="skeleton-status" role="status">
          {isDownloading && totalBytes ? <ProgressBar value={receivedBytes} max={totalBytes} label="Download progress" /> : <progress className="progress" aria-label="Import progress" />}
          {words}
        </p>
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-short" />
      </div>
      <span className="skeleton-line skeleton-timeline" />
      <div className="skeleton-tabs" />
      <div className="skeleton-block" />
    </div>
  );
}
