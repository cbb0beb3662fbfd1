import type { LossFlag, PassRetention } from '../../engine';

/** Kinds of loss flag, in the order the page lists them. */
export const lossFlagKinds: readonly LossFlag['kind'][] = ['pinned-line-lost', 'broken-tool-pairs', 'unsupported-claim', 'summary-larger-than-source', 'inflation', 'stall'];

/** The numbers an A/B table shows per variant: what the whole run kept and lost, and what it raised. */
export interface RetentionSummary {
  /** Kept / total of every fact compacted by the last pass's end; undefined when the run made no pass. */
  overall?: number;
  keptFacts: number;
  totalFacts: number;
  /** Facts from compacted messages missing from the final output. */
  lostCount: number;
  /** Pinned lines missing from the final output. */
  pinnedLost: number;
  /** Flags raised over all passes, by kind (every kind present, zero when none). */
  flagCounts: Record<LossFlag['kind'], number>;
  flagTotal: number;
}

/** Summarises a run's retention by its last pass's cumulative report and the flags of every pass. */
export function retentionSummary(passes: readonly PassRetention[]): RetentionSummary {
  const flagCounts = Object.fromEntries(lossFlagKinds.map((kind) => [kind, 0])) as Record<LossFlag['kind'], number>;
  for (const pass of passes) for (const flag of pass.flags) flagCounts[flag.kind] += 1;
  const flagTotal = Object.values(flagCounts).reduce((sum, count) => sum + count, 0);
  const last = passes.reduce<PassRetention | undefined>((latest, pass) => (latest === undefined || pass.pass > latest.pass ? pass : latest), undefined);
  if (!last) return { keptFacts: 0, totalFacts: 0, lostCount: 0, pinnedLost: 0, flagCounts, flagTotal };
  const { cumulative } = last;
  return { overall: cumulative.overall, keptFacts: cumulative.kept, totalFacts: cumulative.total, lostCount: cumulative.lost.length, pinnedLost: cumulative.pinned.lost.length, flagCounts, flagTotal };
}
