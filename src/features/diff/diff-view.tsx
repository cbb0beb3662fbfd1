import { useCallback, useMemo, useState } from 'react';
import { messageText } from '../../engine';
import type { Message } from '../../engine/transcript';
import { alignPass, type Alignment } from './align-pass';
import { DiffList, type FocusRequest } from './diff-list';
import { DiffToolbar } from './diff-toolbar';
import { declaredPins } from '../../engine/config';
import { checkPinnedLines } from './pinned-lines';
import { PinnedLinesPanel } from './pinned-lines-panel';
import { changePositions, matchingPositions, stepThrough } from './row-navigation';
import { countFates, visibleRows, type FateFilter, type RoleFilter } from './row-filter';
import { useChangeKeys } from './use-change-keys';
import { useDiffData } from './use-diff-data';
import { DiffTokens } from './diff-tokens';
import { useSummaryAuthors } from '../../state/summary-authors';
import { glossary } from '../../ui/glossary-terms';
import { StrategyText } from '../../ui/term';
import './diff-view.css';

const noMessages: Message[] = [];
const noLines: string[] = [];

/** State that belongs to one alignment: it resets when the pass or run changes, without an effect. */
interface RowState {
  alignment: Alignment;
  focus?: FocusRequest;
  expanded: ReadonlySet<number>;
}

/**
 * The "Diff" tab: the shown run's original transcript beside the chosen pass's output, aligned by source message and
 * badged with each message's fate, with filters, search, change stepping and the pinned-operative check.
 */
export function DiffView() {
  const { transcript, snapshot, pass, runConfig, note, awaitsRun } = useDiffData();
  const authors = useSummaryAuthors();
  const original = transcript?.messages ?? noMessages;
  const output = snapshot?.messages ?? original;
  const alignment = useMemo(() => alignPass(original, snapshot), [original, snapshot]);
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
  // Lower-cased texts are built once per pass, on the first search, and reused for every keystroke after it.
  const lowered = useMemo(() => {
    if (!hasQuery) return undefined;
    const originalTexts = original.map((message) => messageText(message).toLowerCase());
    return { originalTexts, outputTexts: output === original ? originalTexts : output.map((message) => messageText(message).toLowerCase()) };
  }, [original, output, hasQuery]);
  const matches = useMemo(() => (lowered ? matchingPositions(visible, rows, lowered.originalTexts, lowered.outputTexts, needle) : []), [lowered, visible, rows, needle]);
  const matchRows = useMemo(() => new Set(matches.map((position) => visible[position])), [matches, visible]);

  const declaredLines = useMemo(() => (pass > 0 && runConfig ? declaredPins(runConfig) : []), [pass, runConfig]);
  const pinnedLines = useMemo(() => (declaredLines.length > 0 ? declaredLines.map((pin) => pin.line) : noLines), [declaredLines]);
  const pinnedStatuses = useMemo(() => (declaredLines.length > 0 ? checkPinnedLines(declaredLines, output.map(messageText)) : []), [declaredLines, output]);
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

  if (!transcript) return <p className="muted">{note}</p>;
  if (awaitsRun) {
    return (
      <section className="diff-view diff-awaits-run" aria-label="Diff of original and compacted">
        <p className="empty-state" role="note">{note}</p>
      </section>
    );
  }
  const nameLocation = (outputIndex: number) => {
    const row = rows[rowOfOutput[outputIndex]];
    if (row?.fate.kind === 'inserted') return { name: row.fate.insertion === 'pinned-carrier' ? glossary['pinned-carrier'].plain : row.fate.insertion, isSummary: row.fate.insertion === 'summary' };
    return { name: `message #${(row?.sourceIndex ?? 0) + 1}`, isSummary: false };
  };
  return (
    <section className="diff-view" aria-label="Diff of original and compacted">
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
        <DiffTokens pass={pass} />
      </div>
      {note && <p className="diff-note" role="note">{note}</p>}
      {pinnedStatuses.length > 0 && (
        <PinnedLinesPanel statuses={pinnedStatuses} nameLocation={nameLocation} hasSummary={snapshot?.insertions.some((insertion) => insertion.kind === 'summary') ?? false} onJumpToOutput={jumpToPinnedLine} />
      )}
      <div className="diff-column-heads" aria-hidden="true">
        <span>Original</span>
        <span>{pass > 0 ? <>After pass {pass}{snapshot && <>: <StrategyText strategy={snapshot.strategy} author={authors.get(pass)} /></>}</> : 'Original (no pass chosen)'}</span>
      </div>
      <DiffList
        alignment={alignment}
        visible={visible}
        positionOfRow={positionOfRow}
        original={original}
        output={output}
        pass={pass}
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
