import { diffArrays } from 'diff';

/** A piece of one side's line: `isChanged` when the other side's paired line does not have it. */
interface LineSegment {
  text: string;
  isChanged: boolean;
}

/** One side of a row: its line number (1-based) and its text in segments; absent where that side has no line. */
export interface RowSide {
  number: number;
  segments: LineSegment[];
}

/**
 * One row of the side-by-side view: a line both wrote (`same`), a pair of lines that differ (`changed`, words
 * compared within the pair), or a line only one side wrote (`removed`: only the baseline; `added`: only the other).
 */
export interface SummaryDiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  baseline?: RowSide;
  other?: RowSide;
}

/**
 * Words, whole numbers (with their separators: "1,086", "3.5"), runs of white space, and any other single character.
 * A number is one token, so "(+10 more)" against "(+86 more)" changes "10" to "86" and never reads "(+1086 more)".
 */
const tokenPattern = /\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{M}_]+|\s+|[^\p{L}\p{M}\p{N}_\s]/gu;

/** A line cut into the tokens the word comparison aligns. */
function lineTokens(line: string): string[] {
  return line.match(tokenPattern) ?? [];
}

/** Adjacent segments of the same kind as one (fewer elements, the same text). */
function joined(segments: LineSegment[]): LineSegment[] {
  const out: LineSegment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    if (last && last.isChanged === segment.isChanged) last.text += segment.text;
    else if (segment.text !== '') out.push({ ...segment });
  }
  return out;
}

/** The word comparison of one changed pair: each side keeps its own tokens, marked where the other lacks them. */
function pairSegments(baseline: string, other: string): { baseline: LineSegment[]; other: LineSegment[] } {
  const left: LineSegment[] = [];
  const right: LineSegment[] = [];
  for (const change of diffArrays(lineTokens(baseline), lineTokens(other))) {
    const text = change.value.join('');
    if (!change.added) left.push({ text, isChanged: change.removed });
    if (!change.removed) right.push({ text, isChanged: change.added });
  }
  return { baseline: joined(left), other: joined(right) };
}

const whole = (text: string, isChanged: boolean): LineSegment[] => (text === '' ? [] : [{ text, isChanged }]);

/** Rows for one stretch of lines only the baseline has and lines only the other has: paired in order, the rest alone. */
function hunkRows(removed: { line: string; number: number }[], added: { line: string; number: number }[]): SummaryDiffRow[] {
  const rows: SummaryDiffRow[] = [];
  for (let index = 0; index < Math.max(removed.length, added.length); index++) {
    const left = removed[index];
    const right = added[index];
    if (left && right) {
      const segments = pairSegments(left.line, right.line);
      rows.push({ kind: 'changed', baseline: { number: left.number, segments: segments.baseline }, other: { number: right.number, segments: segments.other } });
    } else if (left) rows.push({ kind: 'removed', baseline: { number: left.number, segments: whole(left.line, true) } });
    else if (right) rows.push({ kind: 'added', other: { number: right.number, segments: whole(right.line, true) } });
  }
  return rows;
}

/**
 * The two summaries line by line, aligned: lines both wrote share a row, and a stretch that differs pairs its lines in
 * order (a changed pair compares its words; the lines left over stand alone on their side). Words are compared only
 * inside a changed pair, so two unrelated lines are never spliced into one.
 */
export function summaryDiffRows(baseline: string, other: string): SummaryDiffRow[] {
  const rows: SummaryDiffRow[] = [];
  let leftNumber = 1;
  let rightNumber = 1;
  let removed: { line: string; number: number }[] = [];
  let added: { line: string; number: number }[] = [];
  const flush = () => {
    rows.push(...hunkRows(removed, added));
    removed = [];
    added = [];
  };
  for (const change of diffArrays(baseline.split('\n'), other.split('\n'))) {
    for (const line of change.value) {
      if (change.removed) removed.push({ line, number: leftNumber++ });
      else if (change.added) added.push({ line, number: rightNumber++ });
      else {
        flush();
        rows.push({ kind: 'same', baseline: { number: leftNumber++, segments: whole(line, false) }, other: { number: rightNumber++, segments: whole(line, false) } });
      }
    }
  }
  flush();
  return rows;
}
