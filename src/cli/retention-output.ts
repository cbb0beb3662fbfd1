import { factCategories, type CategoryRetention, type Fact, type FactCategory, type LossFlag, type PassRetention } from '../engine';
import { maskSecretsIn } from '../engine/config';

/** The most lost facts `compact --json` lists; `lostCount` says how many there were in all. */
const lostFactsCap = 200;

/** Fact retention as `compact --json` prints it: the last pass, cumulative (everything compacted by the run). */
export interface RetentionOutput {
  /** kept / total, from 0 to 1; 1 when nothing was compacted. */
  overall: number;
  total: number;
  kept: number;
  byCategory: Record<FactCategory, CategoryRetention>;
  /** Lost facts in source order, at most `lostFactsCap`. */
  lost: Fact[];
  lostCount: number;
  pinned: { total: number; kept: number; lost: string[] };
}

/** A loss flag with the pass that raised it. */
export type FlagOutput = LossFlag & { pass: number };

/** The retention of the run's last pass (cumulative) and every pass's flags, for `compact --json`. */
export function retentionOutput(passes: readonly PassRetention[]): { retention: RetentionOutput; flags: FlagOutput[] } {
  const last = passes[passes.length - 1]?.cumulative;
  const retention: RetentionOutput = last
    ? { overall: last.overall, total: last.total, kept: last.kept, byCategory: last.byCategory, lost: last.lost.slice(0, lostFactsCap), lostCount: last.lost.length, pinned: last.pinned }
    : {
        overall: 1,
        total: 0,
        kept: 0,
        byCategory: Object.fromEntries(factCategories.map((category) => [category, { total: 0, kept: 0 }])) as Record<FactCategory, CategoryRetention>,
        lost: [],
        lostCount: 0,
        pinned: { total: 0, kept: 0, lost: [] },
      };
  return { retention, flags: passes.flatMap((pass) => pass.flags.map((flag) => ({ pass: pass.pass, ...flag }))) };
}

/** `87.5% of 40` — a retention share with the number of facts it is out of. */
export function formatRetention(overall: number, total: number): string {
  return total === 0 ? '— (no facts)' : `${(overall * 100).toFixed(1)}% of ${total.toLocaleString('en-US')}`;
}

/** What a flag line prints: loss flags and the run's outcome flags alike. */
export interface PrintedFlag {
  pass: number;
  kind: string;
  message: string;
  evidence?: string;
}

/** The lines under the `compact` table: retention by category, then one line per flag (with its evidence). */
export function retentionLines(retention: RetentionOutput, flags: readonly PrintedFlag[]): string[] {
  const lines: string[] = [];
  if (retention.total > 0) {
    const categories = factCategories.filter((category) => retention.byCategory[category].total > 0).map((category) => `${category} ${retention.byCategory[category].kept}/${retention.byCategory[category].total}`);
    lines.push(`fact retention: ${formatRetention(retention.overall, retention.total)} facts kept (${categories.join(', ')}); ${retention.lostCount} lost`);
  }
  for (const flag of flags) {
    // Masked before it is cut: transcript text may hold a key, and a key cut short no longer looks like one.
    const shown = flag.evidence && maskSecretsIn(flag.evidence);
    const evidence = shown ? ` — “${shown.length > 120 ? `${shown.slice(0, 119)}…` : shown}”` : '';
    // Pass 0 is a flag about a run in which no pass ran (the gate saw it under its trigger).
    lines.push(`flag (${flag.pass > 0 ? `pass ${flag.pass}` : 'run'}) ${flag.kind}: ${flag.message}${evidence}`);
  }
  return lines;
}
