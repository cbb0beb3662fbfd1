import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { messageText, type ContextBasis } from '../../engine';
import { glossary } from '../../ui/glossary-terms';
import { alignStates, type Alignment } from './align-pass';
import type { CompareSide } from './compare-side';
import { DiffList, type FocusRequest } from './diff-list';
import { DiffToolbar } from './diff-toolbar';
import { MetricTable } from './metric-table';
import { checkPinnedLines } from './pinned-lines';
import { PinnedLinesPanel } from './pinned-lines-panel';
import { changePositions, matchingPositions, stepThrough } from './row-navigation';
import { countFates, visibleRows, type FateFilter, type RoleFilter } from './row-filter';
import { useChangeKeys } from './use-change-keys';
// The styles travel with the component: the Workspace's and the Experiments' comparisons show it without the Diff tab.
import './diff-view.css';

const noPins: readonly { line: string; skills: string[] }[] = [];

/** State that belongs to one alignment: it resets when either side changes, without an effect. */
interface RowState {
  alignment: Alignment;
  focus?: FocusRequest;
  expanded: ReadonlySet<number>;
}

/** What `CompareStates` compares and how it heads the columns. */
export interface CompareStatesProps {
  /** The earlier state (the original, an earlier pass, one stored run): its messages are the rows' left cells. */
  left: CompareSide;
  /** The later state; each left message is badged with what happened to it on the way here. */
  right: CompareSide;
  /** The one basis both sides' token figures are on (named in the metric table). */
  basis: ContextBasis;
  /** Pinned lines to find verbatim on the right (the panel) and count on both sides (the table); none by default. */
  pins?: readonly { line: string; skills: string[] }[];
  /** The left column's head when richer than its label: it may hold controls (the Diff's choice of the left side). */
  leftHeading?: ReactNode;
  /** The right column's head when richer than its label (the pass's strategy and author); read as text only. */
  rightHeading?: ReactNode;
  /** A line about the comparison, shown above the rows. */
  note?: string;
}

/**
 * Two states of the same source transcript side by side: the aligned rows (each left message badged with its fate on
 * the way to the right, each new right message as inserted), filters, search, change stepping, the pinned-lines
 * check, and the metric table with Δ = right − left. The Diff tab compares the original or an earlier pass with the
 * chosen pass through it; two stored runs or two experiment cells of one transcript fit the same props.
 */
export function CompareStates({ left, right, basis, pins = noPins, leftHeading, rightHeading, note }: CompareStatesProps) {
  const original = left.state.messages;
  const output = right.state.messages;
  const isSameState = left.state === right.state;
  const alignment = useMemo(() => alignStates(left.state, right.state), [left.state, right.state]);
  const { rows, rowOfOutput, rowOfSource } = alignment;
  const [fateFilter, setFateFilter] = useState<FateFilter>('all');
  const [roleFilter, setRoleFilter] = useState<RoleFilter>('all');
  const [query, setQuery] = useState('');
  const [rowState, setRowState] = useState<RowState>({ alignment, expanded: new Set() });
  const current = rowState.alignment === alignment ? rowState : { alignment, focus: undefined, expanded: new Set<number>() };

  const visible = useMemo(() => visibleRows(rows, original, output, fateFilter, roleFilter), [rows, original, output, fateFilter, roleFilter]);
  const positionOfRow = useMemo(() => {
    const positions = new Int32Array(rows.length).fill(-1);
    visible.forEach((rowIndex, position) => (positions[rowIndex] = position));
    return positions;
  }, [rows, visible]);
  const counts = useMemo(() => countFates(rows), [rows]);
  const changes = useMemo(() => changePositions(visible, rows), [visible, rows]);

  const needle = query.trim().toLowerCase();
  const hasQuery = needle !== '';
  // Lower-cased texts are built once per pair of states, on the first search, and reused for every keystroke after it.
  const lowered = useMemo(() => {
    if (!hasQuery) return undefined;
    const originalTexts = original.map((message) => messageText(message).toLowerCase());
    return { originalTexts, outputTexts: output === original ? originalTexts : output.map((message) => messageText(message).toLowerCase()) };
  }, [original, output, hasQuery]);
  const matches = useMemo(() => (lowered ? matchingPositions(visible, rows, lowered.originalTexts, lowered.outputTexts, needle) : []), [lowered, visible, rows, needle]);
  const matchRows = useMemo(() => new Set(matches.map((position) => visible[position])), [matches, visible]);

  const pinnedLines = useMemo(() => pins.map((pin) => pin.line), [pins]);
  const pinnedStatuses = useMemo(() => (pins.length > 0 ? checkPinnedLines(pins, output.map(messageText)) : []), [pins, output]);
  const hasSummary = useMemo(() => output.some((message) => right.state.insertions?.get(message.id) === 'summary'), [output, right.state.insertions]);
  const summaryRowById = useMemo(() => {
    const byId = new Map<string, number>();
    rows.forEach((row, rowIndex) => {
      if (row.fate.kind === 'inserted' && row.fate.insertion === 'summary' && row.outputIndex !== undefined) byId.set(output[row.outputIndex].id, rowIndex);
    });
    return byId;
  }, [rows, output]);

  const focusedRow = current.focus?.row;
  const focusedPosition = focusedRow !== undefined && positionOfRow[focusedRow] >= 0 ? positionOfRow[focusedRow] : undefined;
  const jump = useCallback(
    (rowIndex: number, pinnedLine?: string) => {
      if (rowIndex < 0) return;
      // A jump target hidden by the filters would scroll nowhere: show everything again first.
      if (positionOfRow[rowIndex] < 0) {
        setFateFilter('all');
        setRoleFilter('all');
      }
      setRowState((state) => ({ alignment, expanded: state.alignment === alignment ? state.expanded : new Set(), focus: { row: rowIndex, pinnedLine } }));
    },
    [alignment, positionOfRow],
  );
  const jumpToSource = useCallback((sourceIndex: number) => jump(rowOfSource[sourceIndex]), [jump, rowOfSource]);
  const jumpToPinnedLine = useCallback((outputIndex: number, line: string) => jump(rowOfOutput[outputIndex], line), [jump, rowOfOutput]);
  const toggle = useCallback(
    (rowIndex: number) =>
      setRowState((state) => {
        const expanded = new Set(state.alignment === alignment ? state.expanded : []);
        if (expanded.has(rowIndex)) expanded.delete(rowIndex);
        else expanded.add(rowIndex);
        return { alignment, focus: state.alignment === alignment ? state.focus : undefined, expanded };
      }),
    [alignment],
  );
  const step = useCallback(
    (positions: readonly number[], direction: 1 | -1) => {
      const next = stepThrough(positions, focusedPosition, direction);
      if (next !== undefined) jump(visible[next]);
    },
    [focusedPosition, jump, visible],
  );
  const stepChange = useCallback((direction: 1 | -1) => step(changes, direction), [step, changes]);
  useChangeKeys(stepChange);

  const nameLocation = (outputIndex: number) => {
    const row = rows[rowOfOutput[outputIndex]];
    if (row?.fate.kind === 'inserted') return { name: row.fate.insertion === 'pinned-carrier' ? glossary['pinned-carrier'].plain : row.fate.insertion, isSummary: row.fate.insertion === 'summary' };
    const message = output[outputIndex];
    return { name: `message #${(row?.sourceIndex ?? 0) + 1}`, isSummary: message !== undefined && right.state.insertions?.get(message.id) === 'summary' };
  };
  return (
    <section className="diff-view" aria-label={`Diff of ${left.label} and ${right.label}`}>
      <DiffToolbar
        fateFilter={fateFilter}
        roleFilter={roleFilter}
        query={query}
        matchCount={matches.length}
        matchPosition={focusedPosition !== undefined ? matches.indexOf(focusedPosition) : -1}
        changeCount={changes.length}
        onFateFilter={setFateFilter}
        onRoleFilter={setRoleFilter}
        onQuery={setQuery}
        onStepMatch={(direction) => step(matches, direction)}
        onStepChange={stepChange}
      />
      <div className="diff-facts">
        <p className="diff-counts" aria-label="Counts per fate">
          {counts.map((count) => `${count.count.toLocaleString('en-US')} ${count.label}`).join(' · ')}
        </p>
        <MetricTable left={left} right={right} basis={basis} pins={pins} isSameState={isSameState} />
      </div>
      {note && <p className="diff-note" role="note">{note}</p>}
      {pinnedStatuses.length > 0 && <PinnedLinesPanel statuses={pinnedStatuses} nameLocation={nameLocation} hasSummary={hasSummary} onJumpToOutput={jumpToPinnedLine} />}
      {/* Rows name their sides themselves: the heads are for the eye, but for controls a left head holds. */}
      <div className="diff-column-heads">
        {leftHeading ?? <span aria-hidden="true">{left.label}</span>}
        <span aria-hidden="true">{rightHeading ?? right.label}</span>
      </div>
      <DiffList
        alignment={alignment}
        visible={visible}
        positionOfRow={positionOfRow}
        original={original}
        output={output}
        leftLabel={left.label}
        rightLabel={right.label}
        pinnedLines={pinnedLines}
        summaryRowById={summaryRowById}
        focus={current.focus}
        matchRows={matchRows}
        expanded={current.expanded}
        onJump={jump}
        onJumpToSource={jumpToSource}
        onToggle={toggle}
      />
    </section>
  );
}
