import { isChange, type DiffRow } from './align-pass';

/**
 * Positions (in the visible list) of rows whose original or output text contains the needle. Texts come lower-cased
 * and the needle must too; an empty needle matches nothing.
 */
export function matchingPositions(visible: readonly number[], rows: readonly DiffRow[], sourceTexts: readonly string[], outputTexts: readonly string[], needle: string): number[] {
  if (needle === '') return [];
  const positions: number[] = [];
  visible.forEach((rowIndex, position) => {
    const row = rows[rowIndex];
    const isMatch =
      (row.sourceIndex !== undefined && sourceTexts[row.sourceIndex].includes(needle)) ||
      (row.outputIndex !== undefined && outputTexts[row.outputIndex].includes(needle));
    if (isMatch) positions.push(position);
  });
  return positions;
}

/** Positions (in the visible list) of rows that show a change. */
export function changePositions(visible: readonly number[], rows: readonly DiffRow[]): number[] {
  const positions: number[] = [];
  visible.forEach((rowIndex, position) => {
    if (isChange(rows[rowIndex])) positions.push(position);
  });
  return positions;
}

/**
 * The next (or previous) position after `current` among sorted `positions`, wrapping around; undefined when there are
 * none. With no current position, forward starts at the first and backward at the last.
 */
export function stepThrough(positions: readonly number[], current: number | undefined, direction: 1 | -1): number | undefined {
  if (positions.length === 0) return undefined;
  if (current === undefined) return direction === 1 ? positions[0] : positions[positions.length - 1];
  // Binary search: the first position strictly after current.
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle] <= current) low = middle + 1;
    else high = middle;
  }
  if (direction === 1) return low < positions.length ? positions[low] : positions[0];
  const before = positions[low - 1] === current ? low - 2 : low - 1;
  return before >= 0 ? positions[before] : positions[positions.length - 1];
}
