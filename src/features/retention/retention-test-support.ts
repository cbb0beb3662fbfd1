import { factCategories, type Fact, type FactCategory, type LossFlag, type PassRetention, type RetentionReport } from '../../engine';

/** A report from per-category [kept, total] pairs and its lost facts (test data only). */
export function report(counts: Partial<Record<FactCategory, [number, number]>>, lost: Fact[] = [], pinnedLost: string[] = []): RetentionReport {
  const byCategory = Object.fromEntries(factCategories.map((category) => [category, { kept: counts[category]?.[0] ?? 0, total: counts[category]?.[1] ?? 0 }])) as RetentionReport['byCategory'];
  const kept = Object.values(byCategory).reduce((sum, entry) => sum + entry.kept, 0);
  const total = Object.values(byCategory).reduce((sum, entry) => sum + entry.total, 0);
  return { kept, total, overall: total === 0 ? 1 : kept / total, byCategory, lost, pinned: { total: 2, kept: 2 - pinnedLost.length, lost: pinnedLost } };
}

/** A pass's retention (test data only). */
export function passRetention(pass: number, perPass: RetentionReport, cumulative: RetentionReport, flags: LossFlag[] = []): PassRetention {
  return { pass, perPass, cumulative, flags };
}
