import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Message } from '../../engine/transcript';
import type { Alignment } from './align-pass';
import { DiffRowView } from './diff-row';
import { fateLabel } from './fate-label';

/** A request to bring a row into view; a new object each time, so asking twice scrolls twice. */
export interface FocusRequest {
  row: number;
  /** Bring this pinned line's mark in the row into view too (a long summary hides it below the row's top). */
  pinnedLine?: string;
}

/** What the list draws: the aligned rows, the visible subset, and what is focused, matched or expanded. */
export interface DiffListProps {
  alignment: Alignment;
  visible: readonly number[];
  positionOfRow: Int32Array;
  original: readonly Message[];
  output: readonly Message[];
  leftLabel: string;
  rightLabel: string;
  pinnedLines: readonly string[];
  summaryRowById: ReadonlyMap<string, number>;
  focus?: FocusRequest;
  matchRows: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  onJump(rowIndex: number): void;
  onJumpToSource(sourceIndex: number): void;
  onToggle(rowIndex: number): void;
}

/** The virtualized two-column list: only rows in view are drawn; heights are measured as rows render and grow. */
export function DiffList(props: DiffListProps) {
  const { alignment, visible, positionOfRow, original, output, leftLabel, rightLabel, pinnedLines, summaryRowById, focus, matchRows, expanded } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands back fresh functions each render; we do not run the React Compiler, so nothing memoizes them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    getItemKey: (index) => visible[index],
    overscan: 4,
  });

  useEffect(() => {
    if (!focus) return;
    const position = positionOfRow[focus.row];
    if (position < 0) return;
    virtualizer.scrollToIndex(position, { align: 'start' });
    const line = focus.pinnedLine;
    if (line === undefined) return;
    // The row renders after the scroll settles: look for its marks on the next frames, then centre the line's own
    // mark (or the row's first one, when the collapsed view left that line out).
    let frames = 0;
    let handle = 0;
    const reveal = () => {
      const marks = [...(scroller.current?.querySelectorAll(`[data-row="${focus.row}"] .diff-output mark.diff-pinned-line`) ?? [])];
      const mark = marks.find((candidate) => candidate.textContent?.includes(line)) ?? marks[0];
      if (mark) mark.scrollIntoView({ block: 'center' });
      else if (++frames < 10) handle = requestAnimationFrame(reveal);
    };
    handle = requestAnimationFrame(reveal);
    return () => cancelAnimationFrame(handle);
  }, [focus, positionOfRow, virtualizer]);

  return (
    <div ref={scroller} className="diff-scroller" role="region" aria-label="Diff rows" tabIndex={0}>
      <div role="list" aria-label="Diff" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const rowIndex = visible[item.index];
          const row = alignment.rows[rowIndex];
          const what = row.sourceIndex !== undefined ? `Message ${row.sourceIndex + 1}` : 'Inserted message';
          return (
            <div key={item.key} role="listitem" aria-label={`${what}: ${fateLabel(row.fate)}`} data-index={item.index} data-row={rowIndex} ref={virtualizer.measureElement} className="virtual-row" style={{ transform: `translateY(${item.start}px)` }}>
              <DiffRowView
                row={row}
                rowIndex={rowIndex}
                original={row.sourceIndex !== undefined ? original[row.sourceIndex] : undefined}
                output={row.outputIndex !== undefined ? output[row.outputIndex] : undefined}
                leftLabel={leftLabel}
                rightLabel={rightLabel}
                pinnedLines={pinnedLines}
                summaryRow={row.fate.kind === 'summarized' ? summaryRowById.get(row.fate.summaryId) : undefined}
                isFocused={focus?.row === rowIndex}
                isMatch={matchRows.has(rowIndex)}
                isExpanded={expanded.has(rowIndex)}
                onJump={props.onJump}
                onJumpToSource={props.onJumpToSource}
                onToggle={props.onToggle}
              />
            </div>
          );
        })}
      </div>
      {visible.length === 0 && <p className="muted diff-empty">No rows match these filters.</p>}
    </div>
  );
}
