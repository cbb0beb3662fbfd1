import { insertionKindsById, type PassSnapshot } from '../../engine';
import type { Fate, Insertion, Message } from '../../engine/transcript';
import { originalState, type DiffState } from './diff-state';

/** A row's fate: a source message's own fate, or `inserted` for a message the pass added. */
export type RowFate = Fate | { kind: 'inserted'; insertion: Insertion['kind'] };

/** Every fate a row can carry, in the order the toolbar lists them. */
export type RowFateKind = RowFate['kind'];

/** Fate kinds in display order. */
export const rowFateKinds: readonly RowFateKind[] = ['kept', 'masked', 'microcompacted', 'summarized', 'trimmed', 'repaired', 'dropped', 'inserted'];

/** One row of the diff: a source message with its output counterpart, or an inserted output message on its own. */
export interface DiffRow {
  /** Index in the source messages; undefined for inserted rows. */
  sourceIndex?: number;
  /** Index in the pass's output messages; undefined when the message left the output. */
  outputIndex?: number;
  fate: RowFate;
  /** For a summary row: the source indexes of the messages it replaced, in source order. */
  replaced?: number[];
}

/** The aligned rows plus lookups from either side to its row, so jumps cost nothing. */
export interface Alignment {
  rows: DiffRow[];
  /** Row of each source message (`rowOfSource[sourceIndex]`). */
  rowOfSource: Int32Array;
  /** Row of each output message (`rowOfOutput[outputIndex]`), -1 for none. */
  rowOfOutput: Int32Array;
}

/** Fate of a source message the right state left out: kept when it is still there, otherwise dropped. */
function fallbackFate(isInOutput: boolean): Fate {
  return isInOutput ? { kind: 'kept' } : { kind: 'dropped', reason: 'no fate recorded for this message' };
}

const kept: Fate = { kind: 'kept' };

function sameFate(left: Fate, right: Fate): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * What happened to one left message on the way to the right state. A source message the right state treats as the left
 * one did is kept; otherwise its right fate (a tool output shortened again is measured from the left's length). A
 * message an earlier pass inserted is kept while it stays; gone, it was summarized into the summary that now stands for
 * the messages it stood for, or else the later state replaced it.
 */
function stepFate(message: Message, left: DiffState, right: DiffState, isInRight: boolean, summaryOfLeft: ReadonlyMap<string, string>): Fate {
  const rightFate = right.fates?.[message.id];
  const isSource = rightFate !== undefined || left.fates?.[message.id] !== undefined || left.fates === undefined;
  if (isSource) {
    const leftFate = left.fates?.[message.id] ?? kept;
    const fate = rightFate ?? (right.fates ? fallbackFate(isInRight) : kept);
    if (isInRight && sameFate(leftFate, fate)) return kept;
    if (leftFate.kind === 'microcompacted' && fate.kind === 'microcompacted') return { ...fate, charsBefore: leftFate.charsAfter };
    return fate;
  }
  if (isInRight) return kept;
  const summaryId = summaryOfLeft.get(message.id);
  if (summaryId !== undefined) return { kind: 'summarized', summaryId };
  const kind = left.insertions?.get(message.id) ?? 'marker';
  return { kind: 'dropped', reason: `not carried into the later state (a ${kind === 'pinned-carrier' ? 'pinned-lines message' : kind} of the earlier one)` };
}

/**
 * For each message an earlier pass inserted into the left state, the summary of the right state that now stands for
 * the same source messages (a rolling summary folds the one before it in).
 */
function summariesNowStandingFor(left: DiffState, right: DiffState): Map<string, string> {
  const byInsertion = new Map<string, string>();
  if (!left.fates || !right.fates) return byInsertion;
  for (const [id, fate] of Object.entries(left.fates)) {
    const later = right.fates[id];
    if (fate.kind === 'summarized' && later?.kind === 'summarized' && later.summaryId !== fate.summaryId) byInsertion.set(fate.summaryId, later.summaryId);
  }
  return byInsertion;
}

/**
 * Aligns two states of the same source, in the left state's order: every left message once, paired with the right
 * message of the same id, badged with what happened to it between the two (see `stepFate`); every right message the
 * left does not hold placed where it sits on the right (a summary at the first message it replaced), as inserted.
 * With the original on the left the fates are the right state's own. Linear in the number of messages (plus a sort of
 * the insertions only).
 */
export function alignStates(left: DiffState, right: DiffState): Alignment {
  const source = left.messages;
  const output = right.messages;
  const outputIndexById = new Map<string, number>();
  output.forEach((message, index) => outputIndexById.set(message.id, index));
  const sourceIndexById = new Map<string, number>();
  source.forEach((message, index) => sourceIndexById.set(message.id, index));
  const summaryOfLeft = summariesNowStandingFor(left, right);

  const replacedBySummary = new Map<string, number[]>();
  const sourceFates: Fate[] = source.map((message, index) => {
    const fate = stepFate(message, left, right, outputIndexById.has(message.id), summaryOfLeft);
    if (fate.kind === 'summarized') {
      const list = replacedBySummary.get(fate.summaryId);
      if (list) list.push(index);
      else replacedBySummary.set(fate.summaryId, [index]);
    }
    return fate;
  });

  // For each output position, the source index of the next output message that is a source message (n when none).
  const nextSource = new Int32Array(output.length + 1);
  nextSource[output.length] = source.length;
  for (let index = output.length - 1; index >= 0; index--) {
    const sourceIndex = sourceIndexById.get(output[index].id);
    nextSource[index] = sourceIndex ?? nextSource[index + 1];
  }

  const placed: { anchor: number; outputIndex: number; row: DiffRow }[] = [];
  output.forEach((message, outputIndex) => {
    if (sourceIndexById.has(message.id)) return;
    // An output message with no source and no insertion record is still something the pass added: show it as a marker.
    const kind = right.insertions?.get(message.id) ?? 'marker';
    const replaced = kind === 'summary' ? replacedBySummary.get(message.id) : undefined;
    const anchor = replaced && replaced.length > 0 ? replaced[0] : nextSource[outputIndex + 1];
    placed.push({ anchor, outputIndex, row: { outputIndex, fate: { kind: 'inserted', insertion: kind }, replaced: kind === 'summary' ? replaced ?? [] : undefined } });
  });
  placed.sort((first, second) => first.anchor - second.anchor || first.outputIndex - second.outputIndex);

  const rows: DiffRow[] = [];
  const rowOfSource = new Int32Array(source.length);
  const rowOfOutput = new Int32Array(output.length).fill(-1);
  let next = 0;
  const flushUpTo = (anchor: number) => {
    while (next < placed.length && placed[next].anchor <= anchor) {
      rowOfOutput[placed[next].outputIndex] = rows.length;
      rows.push(placed[next].row);
      next++;
    }
  };
  source.forEach((message, sourceIndex) => {
    flushUpTo(sourceIndex);
    const fate = sourceFates[sourceIndex];
    const outputIndex = outputIndexById.get(message.id);
    rowOfSource[sourceIndex] = rows.length;
    if (outputIndex !== undefined) rowOfOutput[outputIndex] = rows.length;
    rows.push({ sourceIndex, outputIndex, fate });
  });
  flushUpTo(Number.MAX_SAFE_INTEGER);
  return { rows, rowOfSource, rowOfOutput };
}

/** A pass's output aligned to its source: `alignStates` with the original on the left (every message kept without a snapshot). */
export function alignPass(source: readonly Message[], snapshot: PassSnapshot | undefined): Alignment {
  const right: DiffState = snapshot ? { messages: snapshot.messages, fates: snapshot.fates, insertions: insertionKindsById([snapshot]) } : { messages: source };
  return alignStates(originalState(source), right);
}

/** True when the row shows a change: any fate but kept. */
export function isChange(row: DiffRow): boolean {
  return row.fate.kind !== 'kept';
}
