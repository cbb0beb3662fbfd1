import type { ImportIssue } from '../../engine';
import { useLabStore } from '../../state/store';

/** How many issues of each kind are listed before "and N more". */
const LISTED_ISSUES = 20;

function IssueList({ issues, title, tone }: { issues: ImportIssue[]; title: string; tone: 'error' | 'warning' }) {
  if (issues.length === 0) return null;
  return (
    <details className={`issues issues-${tone}`} open={tone === 'error'}>
      <summary>{title} ({issues.length})</summary>
      <ul>
        {issues.slice(0, LISTED_ISSUES).map((issue, index) => (
          <li key={index}>{issue.message}{issue.path ? ` — at ${issue.path}` : ''}</li>
        ))}
        {issues.length > LISTED_ISSUES && <li>…and {issues.length - LISTED_ISSUES} more</li>}
      </ul>
    </details>
  );
}

/** The import report's problems: a failed load (with the previous transcript kept), skipped lines, warnings. */
export function ImportIssues() {
  const loadStatus = useLabStore((state) => state.loadStatus);
  const loadError = useLabStore((state) => state.loadError);
  const loadingName = useLabStore((state) => state.loadingName);
  const report = useLabStore((state) => state.imported?.report);
  const hasPrevious = useLabStore((state) => state.imported !== undefined);
  return (
    <section className="import-issues" aria-label="Import report">
      {loadStatus === 'error' && (
        <div className="alert" role="alert">
          <strong>Could not import {loadingName}.</strong>
          <pre className="block-text">{loadError}</pre>
          {hasPrevious && <span className="muted">The transcript shown below is the one loaded before, unchanged. </span>}
          <button type="button" className="link-button" onClick={() => useLabStore.getState().loadErrorDismissed()}>Dismiss</button>
        </div>
      )}
      {report && report.skippedLines > 0 && (
        <p className="alert alert-warning" role="status">
          Skipped {report.skippedLines} of {report.totalLines} lines that are not valid JSON; imported the rest.
        </p>
      )}
      {report && <IssueList issues={report.errors} title="Errors" tone="error" />}
      {report && <IssueList issues={report.warnings} title="Warnings" tone="warning" />}
    </section>
  );
}
