import { diffWords } from 'diff';
import { useMemo } from 'react';

/**
 * The two summaries word by word: words only the other variant wrote in <ins>, words only the baseline wrote in
 * <del>. Rendered as text nodes, never as HTML (a summary is model output).
 */
export function SummaryDiff({ baseline, other, baselineName, otherName }: { baseline?: string; other?: string; baselineName: string; otherName: string }) {
  const changes = useMemo(() => diffWords(baseline ?? '', other ?? ''), [baseline, other]);
  if (baseline === undefined && other === undefined) return <p className="muted">Neither variant wrote a summary.</p>;
  const isSame = (baseline ?? '') === (other ?? '');
  return (
    <section className="ab-summary-diff" aria-label="Summaries diff">
      <h3>
        Summaries: {baselineName} → {otherName}{' '}
        <span className="muted">{isSame ? '(identical)' : `(struck through: only ${baselineName}; underlined: only ${otherName})`}</span>
      </h3>
      <div className="ab-summary-text">
        {changes.map((change, index) =>
          change.added ? <ins key={index}>{change.value}</ins> : change.removed ? <del key={index}>{change.value}</del> : <span key={index}>{change.value}</span>,
        )}
      </div>
    </section>
  );
}
