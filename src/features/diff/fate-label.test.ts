import { describe, expect, it } from 'vitest';
import { fateLabel, indexRanges } from './fate-label';

describe('fate labels', () => {
  it('reads each fate in words', () => {
    expect(fateLabel({ kind: 'masked' })).toBe('masked');
    expect(fateLabel({ kind: 'microcompacted', charsBefore: 9000, charsAfter: 40 })).toBe('microcompacted 9,000 → 40 chars');
    expect(fateLabel({ kind: 'summarized', summaryId: 'auto-compactor-p1-summary' })).toBe('summarized → auto-compactor-p1-summary');
    expect(fateLabel({ kind: 'dropped', reason: 'orphan tool result' })).toBe('dropped: orphan tool result');
    expect(fateLabel({ kind: 'inserted', insertion: 'pinned-carrier' })).toBe('inserted pinned-lines message');
  });

  it('groups replaced indexes into contiguous ranges', () => {
    expect(indexRanges([0, 1, 2, 5, 7, 8])).toEqual([[0, 2], [5, 5], [7, 8]]);
    expect(indexRanges([])).toEqual([]);
  });
});
