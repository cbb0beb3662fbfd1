import { describe, expect, it } from 'vitest';
import type { DiffRow } from './align-pass';
import { changePositions, matchingPositions, stepThrough } from './row-navigation';

const rows: DiffRow[] = [
  { sourceIndex: 0, outputIndex: 0, fate: { kind: 'kept' } },
  { outputIndex: 1, fate: { kind: 'inserted', insertion: 'summary' } },
  { sourceIndex: 1, fate: { kind: 'summarized', summaryId: 's' } },
  { sourceIndex: 2, outputIndex: 2, fate: { kind: 'kept' } },
];

describe('row navigation', () => {
  it('finds rows whose original or output text matches, among visible rows only', () => {
    const sourceTexts = ['alpha', 'beta', 'gamma'];
    const outputTexts = ['alpha', 'summary of beta', 'gamma'];
    expect(matchingPositions([0, 1, 2, 3], rows, sourceTexts, outputTexts, 'beta')).toEqual([1, 2]);
    expect(matchingPositions([2, 3], rows, sourceTexts, outputTexts, 'beta')).toEqual([0]);
    expect(matchingPositions([0, 1, 2, 3], rows, sourceTexts, outputTexts, '')).toEqual([]);
  });

  it('lists changes: everything but kept', () => {
    expect(changePositions([0, 1, 2, 3], rows)).toEqual([1, 2]);
  });

  it('steps forward and back with wrap-around', () => {
    const positions = [2, 5, 9];
    expect(stepThrough(positions, undefined, 1)).toBe(2);
    expect(stepThrough(positions, undefined, -1)).toBe(9);
    expect(stepThrough(positions, 2, 1)).toBe(5);
    expect(stepThrough(positions, 3, 1)).toBe(5);
    expect(stepThrough(positions, 9, 1)).toBe(2);
    expect(stepThrough(positions, 5, -1)).toBe(2);
    expect(stepThrough(positions, 6, -1)).toBe(5);
    expect(stepThrough(positions, 2, -1)).toBe(9);
    expect(stepThrough([], 0, 1)).toBeUndefined();
  });
});
