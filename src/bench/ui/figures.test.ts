import { describe, expect, it } from 'vitest';
import { figureTable, formatRatio, maximum, median, percentile } from './figures';

describe('UI benchmark figures', () => {
  it('takes the nearest-rank percentile of unsorted values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 0.95)).toBeUndefined();
  });

  it('finds the median of odd and even counts, and the maximum', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
    expect(maximum([3, 9, 2])).toBe(9);
    expect(maximum([])).toBeUndefined();
  });

  it('prints a ratio only when both sides exist and the baseline is not zero', () => {
    expect(formatRatio(300, 100)).toBe('3.00×');
    expect(formatRatio(2500, 100)).toBe('25×');
    expect(formatRatio(undefined, 100)).toBe('—');
    expect(formatRatio(100, 0)).toBe('—');
  });

  it('shows a step that could not run as n/a with its reason', () => {
    const table = figureTable([{ measure: 'diff scroll', note: 'not available: no "Diff" tab', baseline: { name: 'transcript', value: 16.7 } }]);
    expect(table).toContain('n/a');
    expect(table).toContain('not available: no "Diff" tab');
    expect(table).toContain('17 ms');
  });

  it('prints a size in bytes as KB', () => {
    const table = figureTable([{ measure: 'main bundle', value: 170_086, unit: 'bytes', target: '≤ 200 KB gzipped' }]);
    expect(table).toContain('166.1 KB');
    expect(table).toContain('≤ 200 KB gzipped');
  });
});
