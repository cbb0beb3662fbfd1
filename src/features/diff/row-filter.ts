import type { Message, Role } from '../../engine/transcript';
import { glossary } from '../../ui/glossary-terms';
import { isChange, rowFateKinds, type DiffRow, type RowFateKind } from './align-pass';

/** What the fate filter can keep: everything, every change, or one fate. */
export type FateFilter = 'all' | 'changed' | RowFateKind;

/** What the role filter can keep. */
export type RoleFilter = 'all' | Role;

/** Fate filter choices in the order the select lists them. */
export const fateFilters: readonly FateFilter[] = ['all', 'changed', ...rowFateKinds];

/** The role a row speaks as: its source message's, or the inserted message's. */
function rowRole(row: DiffRow, source: readonly Message[], output: readonly Message[]): Role {
  if (row.sourceIndex !== undefined) return source[row.sourceIndex].role;
  return output[row.outputIndex ?? 0]?.role ?? 'user';
}

/** True when the row passes both filters. */
function rowPasses(row: DiffRow, role: Role, fate: FateFilter, roleFilter: RoleFilter): boolean {
  if (roleFilter !== 'all' && role !== roleFilter) return false;
  if (fate === 'all') return true;
  if (fate === 'changed') return isChange(row);
  return row.fate.kind === fate;
}

/** One entry of the toolbar's tally, e.g. `37 masked`. */
export interface FateCount {
  label: string;
  count: number;
  kind: RowFateKind;
}

const insertionLabels = { summary: 'summary', marker: 'marker', 'pinned-carrier': glossary['pinned-carrier'].plain } as const;

/** Counts rows per fate (insertions per kind), non-zero entries only, in display order. */
export function countFates(rows: readonly DiffRow[]): FateCount[] {
  const byKind = new Map<string, number>();
  for (const row of rows) {
    const key = row.fate.kind === 'inserted' ? `inserted:${row.fate.insertion}` : row.fate.kind;
    byKind.set(key, (byKind.get(key) ?? 0) + 1);
  }
  const counts: FateCount[] = [];
  for (const kind of rowFateKinds) {
    if (kind !== 'inserted') {
      const count = byKind.get(kind) ?? 0;
      if (count > 0) counts.push({ kind, label: kind, count });
      continue;
    }
    for (const [insertion, label] of Object.entries(insertionLabels)) {
      const count = byKind.get(`inserted:${insertion}`) ?? 0;
      if (count > 0) counts.push({ kind, label: count === 1 ? label : label === 'summary' ? 'summaries' : `${label}s`, count });
    }
  }
  return counts;
}

/** The visible row indexes (into `rows`) after filtering, in order. */
export function visibleRows(rows: readonly DiffRow[], source: readonly Message[], output: readonly Message[], fate: FateFilter, roleFilter: RoleFilter): number[] {
  if (fate === 'all' && roleFilter === 'all') return rows.map((_, index) => index);
  const visible: number[] = [];
  rows.forEach((row, index) => {
    if (rowPasses(row, rowRole(row, source, output), fate, roleFilter)) visible.push(index);
  });
  return visible;
}
