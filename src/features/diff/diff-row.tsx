import { memo } from 'react';
import type { Message } from '../../engine/transcript';
import type { DiffRow } from './align-pass';
import { ChangedCell, PlainCell } from './diff-cell';
import { fateLabel } from './fate-label';
import { ReplacedList } from './replaced-list';

/** Everything one row needs; rows are memoized, so callbacks must be stable. */
export interface DiffRowProps {
  row: DiffRow;
  rowIndex: number;
  original?: Message;
  output?: Message;
  /** The sides' names, for the cells' labels ("Original", "After pass 2"). */
  leftLabel: string;
  rightLabel: string;
  pinnedLines: readonly string[];
  /** For a summarized message: the row of the summary that replaced it. */
  summaryRow?: number;
  isFocused: boolean;
  isMatch: boolean;
  isExpanded: boolean;
  onJump(rowIndex: number): void;
  onJumpToSource(sourceIndex: number): void;
  onToggle(rowIndex: number): void;
}

/** What the output side says when the message left it. */
function GoneNote({ row, summaryRow, onJump }: Pick<DiffRowProps, 'row' | 'summaryRow' | 'onJump'>) {
  const { fate } = row;
  if (fate.kind === 'summarized') {
    return (
      <p className="diff-gone">
        Replaced by a summary.{' '}
        {summaryRow !== undefined && (
          <button type="button" className="link-button" onClick={() => onJump(summaryRow)} aria-label={`Go to the summary that replaced message ${(row.sourceIndex ?? 0) + 1}`}>
            Go to summary
          </button>
        )}
      </p>
    );
  }
  if (fate.kind === 'trimmed') return <p className="diff-gone">Trimmed: dropped from the live context.</p>;
  if (fate.kind === 'dropped') return <p className="diff-gone">Dropped: {fate.reason}.</p>;
  return <p className="diff-gone">Not in the output.</p>;
}

function rowClasses(props: DiffRowProps): string {
  const { row, output, isFocused, isMatch } = props;
  const classes = ['diff-row', `fate-${row.fate.kind}`];
  if (row.fate.kind === 'inserted') classes.push(`insertion-${row.fate.insertion}`);
  if (output?.origin === 'injected') classes.push('is-injected');
  if (isMatch) classes.push('is-match');
  if (isFocused) classes.push('is-focused');
  return classes.join(' ');
}

/** One aligned row: the fate badge, then the original and the output side by side. */
export const DiffRowView = memo(function DiffRowView(props: DiffRowProps) {
  const { row, rowIndex, original, output, leftLabel, rightLabel, pinnedLines, summaryRow, isFocused, isExpanded, onJump, onJumpToSource, onToggle } = props;
  const label = fateLabel(row.fate);
  const sourceNumber = row.sourceIndex !== undefined ? row.sourceIndex + 1 : undefined;
  const outputPosition = row.outputIndex !== undefined ? `out #${row.outputIndex + 1}` : '';
  return (
    <div className={rowClasses(props)} aria-current={isFocused || undefined}>
      <div className="diff-row-head">
        <span className={`fate-badge fate-badge-${row.fate.kind}`}>{label}</span>
        {row.replaced && (
          <button type="button" className="link-button" aria-expanded={isExpanded} onClick={() => onToggle(rowIndex)}>
            {`Replaced ${row.replaced.length.toLocaleString('en-US')} message${row.replaced.length === 1 ? '' : 's'}`}
          </button>
        )}
      </div>
      {row.replaced && isExpanded && <ReplacedList replaced={row.replaced} onJumpToSource={onJumpToSource} />}
      <div className="diff-columns">
        <div className="diff-cell diff-original">
          {original ? (
            <PlainCell message={original} position={`#${sourceNumber}`} pinnedLines={pinnedLines} label={`message ${sourceNumber} in ${leftLabel}`} />
          ) : (
            <p className="diff-gone">Not in {leftLabel}: new in {rightLabel}.</p>
          )}
        </div>
        <div className="diff-cell diff-output">
          {output && original ? (
            <ChangedCell original={original} output={output} position={outputPosition} pinnedLines={pinnedLines} label={`message ${sourceNumber} in ${rightLabel}`} />
          ) : output ? (
            <PlainCell message={output} position={outputPosition} pinnedLines={pinnedLines} label={`inserted ${outputPosition}`} />
          ) : (
            <GoneNote row={row} summaryRow={summaryRow} onJump={onJump} />
          )}
        </div>
      </div>
    </div>
  );
});
