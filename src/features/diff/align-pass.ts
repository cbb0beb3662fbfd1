import type { PassSnapshot } from '../../engine';
import type { Fate, Insertion, Message } from '../../engine/transcript';

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

/** Fate of a source message the snapshot left out: kept when it is still in the output, otherwise dropped. */
function fallbackFate(isInOutput: boolean): Fate {
  return isInOutput ? { kind: 'kept' } : { kind: 'dropped', reason: 'no fate recorded for this message' };
}

/**
 * Aligns a pass's output to its source, in source order: every source message once, paired with the output message
 * of the same id, badged with its fate; every inserted message placed where it sits in the output (a summary at the
 * first message it replaced). Without a snapshot every message is kept and paired with itself. Linear in the number
 * of messages (plus a sort of the insertions only).
 */
export function alignPass(source: readonly Message[], snapshot: PassSnapshot | undefined): Alignment {
  const output = snapshot?.messages ?? source;
  const outputIndexById = new Map<string, number>();
  output.forEach((message, index) => outputIndexById.set(message.id, index));
  const sourceIndexById = new Map<string, number>();
  source.forEach((message, index) => sourceIndexById.set(message.id, index));

  const replacedBySummary = new Map<string, number[]>();
  const sourceFates: Fate[] = source.map((message, index) => {
    const fate = snapshot ? snapshot.fates[message.id] ?? fallbackFate(outputIndexById.has(message.id)) : ({ kind: 'kept' } as Fate);
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

  const insertionKinds = new Map<string, Insertion['kind']>((snapshot?.insertions ?? []).map((insertion) => [insertion.id, insertion.kind]));
  const placed: { anchor: number; outputIndex: number; row: DiffRow }[] = [];
  output.forEach((message, outputIndex) => {
    if (sourceIndexById.has(message.id)) return;
    // An output message with no source and no insertion record is still something the pass added: show it as a marker.
    const kind = insertionKinds.get(message.id) ?? 'marker';
    const replaced = kind === 'summary' ? replacedBySummary.get(message.id) : undefined;
    const anchor = replaced && replaced.length > 0 ? replaced[0] : nextSource[outputIndex + 1];
    placed.push({ anchor, outputIndex, row: { outputIndex, fate: { kind: 'inserted', insertion: kind }, replaced: kind === 'summary' ? replaced ?? [] : undefined } });
  });
  placed.sort((left, right) => left.anchor - right.anchor || left.outputIndex - right.outputIndex);

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

/** True when the row shows a change: any fate but kept. */
export function isChange(row: DiffRow): boolean {
  return row.fate.kind !== 'kept';
}
