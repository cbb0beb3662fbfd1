import { describe, expect, it } from 'vitest';
import { describeNeedWeighted, describeShare, groupLostFacts, retentionRows, shareOf, sourceIndexes } from './retention-rows';
import { passRetention, report } from './retention-test-support';

describe('retentionRows', () => {
  it('puts all facts first, then only categories with facts, in category order', () => {
    const rows = retentionRows(passRetention(2, report({ path: [1, 2] }), report({ path: [3, 4], command: [0, 1], error: [2, 2] })));
    expect(rows.map((row) => row.category)).toEqual(['all', 'path', 'error', 'command']);
    expect(rows[0].perPass).toEqual({ kept: 1, total: 2, ratio: 0.5 });
    expect(rows[0].cumulative).toEqual({ kept: 5, total: 7, ratio: 5 / 7 });
    expect(rows.find((row) => row.category === 'command')?.perPass).toEqual({ kept: 0, total: 0, ratio: undefined });
  });
});

describe('shareOf and describeShare', () => {
  it('says the percentage with its count, and "no facts" instead of 100% when there were none', () => {
    expect(describeShare(shareOf({ kept: 8, total: 10 }))).toBe('80.0% (8 of 10)');
    expect(describeShare(shareOf({ kept: 1, total: 3 }))).toBe('33.3% (1 of 3)');
    expect(describeShare(shareOf({ kept: 0, total: 0 }))).toBe('no facts');
    expect(describeShare(shareOf({ kept: 1, total: 1200 }))).toBe('0.08% (1 of 1,200)');
    expect(describeShare(shareOf({ kept: 0, total: 1200 }))).toBe('0% (0 of 1,200)');
  });
});

describe('groupLostFacts', () => {
  it('groups by category in category order and keeps the order within a group', () => {
    const groups = groupLostFacts([
      { category: 'command', text: 'npm test', sourceMessageId: 'm3' },
      { category: 'path', text: 'src/a.ts', sourceMessageId: 'm1' },
      { category: 'command', text: 'git status', sourceMessageId: 'm2' },
    ]);
    expect(groups.map((group) => [group.label, group.facts.map((fact) => fact.text)])).toEqual([
      ['File paths', ['src/a.ts']],
      ['Commands', ['npm test', 'git status']],
    ]);
  });

  it('gives no groups when nothing was lost', () => {
    expect(groupLostFacts([])).toEqual([]);
  });
});

describe('sourceIndexes', () => {
  it('maps each message id to its index in the original run', () => {
    const indexes = sourceIndexes([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(indexes.get('c')).toBe(2);
    expect(indexes.get('summary-1')).toBeUndefined();
  });
});

describe('describeNeedWeighted', () => {
  it('says the share of the facts needed later with its count, and 0% without decimals when none was kept', () => {
    expect(describeNeedWeighted({ score: 0.85, needed: 20, kept: 17 })).toBe('Needed later: 85.0% (17 of 20 facts the transcript used after the compacted part)');
    expect(describeNeedWeighted({ score: 0, needed: 3, kept: 0 })).toBe('Needed later: 0% (0 of 3 facts the transcript used after the compacted part)');
  });
});
