import { CellMenu, type CellActions } from './cell-menu';
import { cellVerdict, contextWords, costWords, outcomeWords, retentionWords, statusWords } from './cell-words';
import type { GridCell } from './experiment-view-types';
import { formatInteger } from '../../ui/format';

/** One cell of the results grid: its figures, flags and assertion outcomes, or its status; a button to its menu. */
export function ResultCell({ cell, actions, isPicked }: { cell: GridCell; actions: CellActions; isPicked: boolean }) {
  const name = `${cell.transcript} under ${cell.config}`;
  const figures = cell.figures;
  if (!figures || cell.status !== 'done') {
    return (
      <td className={`result-cell is-${cell.status}`} data-status={cell.status}>
        <span className="cell-status">{statusWords(cell)}</span>
      </td>
    );
  }
  const retention = retentionWords(figures.needWeighted);
  const verdict = cellVerdict(cell);
  return (
    <td className={`result-cell is-done verdict-${verdict}${isPicked ? ' is-picked' : ''}`} data-status="done" data-verdict={verdict}>
      <CellMenu label={`Run of ${name}`} actions={actions}>
        <span className="cell-figure">Context after {contextWords(figures)}</span>
        <span className="cell-figure" title={retention.why}>
          Need-weighted retention {retention.text}
          {retention.why && <span className="muted"> ({retention.why})</span>}
        </span>
        <span className="cell-figure">
          {formatInteger(figures.compactions)} compaction{figures.compactions === 1 ? '' : 's'} · {formatInteger(figures.summarizerCalls)} summarizer call{figures.summarizerCalls === 1 ? '' : 's'} · {costWords(figures.costUsd)}
        </span>
      </CellMenu>
      {figures.flags.length > 0 && (
        <span className="cell-flags" aria-label="Flags">
          {figures.flags.map((flag) => (
            <span key={flag} className="badge badge-warning">
              {flag}
            </span>
          ))}
        </span>
      )}
      {cell.assertions.length > 0 && (
        <ul className="cell-assertions" aria-label="Assertions">
          {cell.assertions.map((outcome) => (
            <li key={outcome.assertion} className={outcome.pass === true ? 'is-pass' : outcome.pass === false ? 'is-fail' : 'is-unjudged'}>
              {outcomeWords(outcome)}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}
