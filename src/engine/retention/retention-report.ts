import { factCategories, type CategoryRetention, type Fact, type FactCategory, type RetentionReport } from './facts';

/** Every category at zero. */
export function emptyCategories(): Record<FactCategory, CategoryRetention> {
  return Object.fromEntries(factCategories.map((category) => [category, { total: 0, kept: 0 }])) as Record<FactCategory, CategoryRetention>;
}

/** Counts kept and lost facts overall and by category, lost facts in source order, and the pinned lines' fate. */
export function retentionReport(facts: readonly Fact[], isKept: (fact: Fact) => boolean, pinnedLines: readonly string[], pinnedLost: readonly string[]): RetentionReport {
  const byCategory = emptyCategories();
  const lost: Fact[] = [];
  for (const fact of facts) {
    const counts = byCategory[fact.category];
    counts.total += 1;
    if (isKept(fact)) counts.kept += 1;
    else lost.push(fact);
  }
  const kept = facts.length - lost.length;
  return {
    total: facts.length,
    kept,
    overall: facts.length === 0 ? 1 : kept / facts.length,
    byCategory,
    lost,
    pinned: { total: pinnedLines.length, kept: pinnedLines.length - pinnedLost.length, lost: [...pinnedLost] },
  };
}
