import { useMemo } from 'react';
import { summaryDiffRows, type RowSide, type SummaryDiffRow } from './summary-line-diff';

/** One side's cell: its line number and text, the pieces the other side lacks in <del> (baseline) or <ins> (other). */
function SideCells({ side, mark }: { side?: RowSide; mark: 'del' | 'ins' }) {
  const Mark = mark;
  return (
    <>
      <td className="ab-line-number">{side?.number}</td>
      <td className="ab-line-text">
        {side?.segments.map((segment, index) => (segment.isChanged ? <Mark key={index}>{segment.text}</Mark> : <span key={index}>{segment.text}</span>))}
      </td>
    </>
  );
}

/** How many rows of each kind differ, said in words above the table. */
function changeCount(rows: readonly SummaryDiffRow[]): string {
  const count = (kind: SummaryDiffRow['kind']) => rows.filter((row) => row.kind === kind).length;
  const parts = [
    [count('changed'), 'changed'],
    [count('removed'), 'only in the baseline'],
    [count('added'), 'only in the other'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${n === 1 ? 'line' : 'lines'} ${what}`);
  return said.join(', ');
}

/**
 * The two summaries side by side, line-aligned: lines both wrote share a row; a changed pair of lines is highlighted
 * and compares its words (a number is one word, so counters never merge); a line only one side wrote stands alone.
 * Rendered as text nodes, never as HTML (a summary is model output).
 */
export function SummaryDiff({ baseline, other, baselineName, otherName }: { baseline?: string; other?: string; baselineName: string; otherName: string }) {
  const rows = useMemo(() => summaryDiffRows(baseline ?? '', other ?? ''), [baseline, other]);
  if (baseline === undefined && other === undefined) return <p className="muted">Neither variant wrote a summary.</p>;
  const isSame = (baseline ?? '') === (other ?? '');
  return (
    <section className="ab-summary-diff" aria-label="Summaries diff">
      <h3>
        Summaries: {baselineName} and {otherName} side by side{' '}
        <span className="muted">{isSame ? '(identical)' : `(${changeCount(rows)}; struck through: only ${baselineName}; underlined: only ${otherName})`}</span>
      </h3>
      <div className="ab-summary-scroll">
        <table className="ab-summary-table" aria-label="Summaries side by side">
          <colgroup>
            <col className="ab-line-number-column" />
            <col />
            <col className="ab-line-number-column" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" colSpan={2}>{baselineName}{baseline === undefined ? ' (no summary)' : ''}</th>
              <th scope="col" colSpan={2}>{otherName}{other === undefined ? ' (no summary)' : ''}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className={`ab-line-${row.kind}`} data-change={row.kind}>
                <SideCells side={row.baseline} mark="del" />
                <SideCells side={row.other} mark="ins" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
