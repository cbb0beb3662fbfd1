import { describe, expect, it } from 'vitest';
import type { Message, Role } from '../../engine/transcript';
import type { DiffRow } from './align-pass';
import { countFates, visibleRows } from './row-filter';

function message(id: string, role: Role): Message {
  return { id, role, origin: 'human', blocks: [], sourceRef: {}, raw: null };
}

const source = [message('a', 'user'), message('b', 'tool'), message('c', 'assistant')];
const output = [message('S', 'user'), message('c', 'assistant'), message('M', 'user'), message('P', 'user')];
const rows: DiffRow[] = [
  { outputIndex: 0, fate: { kind: 'inserted', insertion: 'summary' } },
  { sourceIndex: 0, fate: { kind: 'summarized', summaryId: 'S' } },
  { sourceIndex: 1, fate: { kind: 'summarized', summaryId: 'S' } },
  { outputIndex: 2, fate: { kind: 'inserted', insertion: 'marker' } },
  { outputIndex: 3, fate: { kind: 'inserted', insertion: 'pinned-carrier' } },
  { sourceIndex: 2, outputIndex: 1, fate: { kind: 'kept' } },
];

describe('row filters', () => {
  it('counts fates in display order, insertions per kind', () => {
    expect(countFates(rows).map((count) => `${count.count} ${count.label}`)).toEqual(['1 kept', '2 summarized', '1 summary', '1 marker', '1 pinned-lines message']);
  });

  it('filters by fate, by change and by role (inserted rows speak as their output message)', () => {
    expect(visibleRows(rows, source, output, 'all', 'all')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(visibleRows(rows, source, output, 'changed', 'all')).toEqual([0, 1, 2, 3, 4]);
    expect(visibleRows(rows, source, output, 'summarized', 'all')).toEqual([1, 2]);
    expect(visibleRows(rows, source, output, 'inserted', 'all')).toEqual([0, 3, 4]);
    expect(visibleRows(rows, source, output, 'all', 'tool')).toEqual([2]);
    expect(visibleRows(rows, source, output, 'changed', 'user')).toEqual([0, 1, 3, 4]);
  });
});
