import { factCategories, type CategoryRetention, type Fact, type FactCategory, type LossFlag, type NeededFact, type PassRetention } from '../engine';
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
  /**
   * The last pass's need-weighted view (see `NeedWeightedOutput`) with its lost needed facts (at most `lostFactsCap`,
   * each with the ids of the later messages that used it); absent when nothing in the source comes after the
   * messages that pass compacted.
   */
  needWeighted?: NeedWeightedDetail;
}

/**
 * A pass's need-weighted retention as `compact --json` prints it on each pass: of the compacted part's facts that the
 * source messages after it use again (`needed`), how many the pass's output holds without those later messages
 * (`kept`), and `score` = kept / needed (1 when nothing was needed).
 */
export interface NeedWeightedOutput {
  score: number;
  needed: number;
  kept: number;
  /** How many source messages come after the compacted part. */
  laterMessages: number;
}

/** The last pass's need-weighted view in full: by category, and the lost needed facts. */
interface NeedWeightedDetail extends NeedWeightedOutput {
  byCategory: Record<FactCategory, CategoryRetention>;
  lost: NeededFact[];
  lostCount: number;
}

/** A pass's `needWeighted` field for its line in `compact --json`; no field when nothing comes after its compacted part. */
export function withNeedWeighted(pass: PassRetention): { needWeighted?: NeedWeightedOutput } {
  const view = pass.needWeighted;
  return view ? { needWeighted: { score: view.score, needed: view.needed, kept: view.kept, laterMessages: view.laterMessages } } : {};
}

function needWeightedDetail(pass: PassRetention | undefined): NeedWeightedDetail | undefined {
  const view = pass?.needWeighted;
  if (!pass || !view) return undefined;
  return { score: view.score, needed: view.needed, kept: view.kept, laterMessages: view.laterMessages, byCategory: view.byCategory, lost: view.lost.slice(0, lostFactsCap), lostCount: view.lost.length };
}

/** A loss flag with the pass that raised it. */
export type FlagOutput = LossFlag & { pass: number };

/** The retention of the run's last pass (cumulative) and every pass's flags, for `compact --json`. */
export function retentionOutput(passes: readonly PassRetention[]): { retention: RetentionOutput; flags: FlagOutput[] } {
  const last = passes[passes.length - 1]?.cumulative;
  const needWeighted = needWeightedDetail(passes[passes.length - 1]);
  const retention: RetentionOutput = last
    ? {
        overall: last.overall,
        total: last.total,
        kept: last.kept,
        byCategory: last.byCategory,
        lost: last.lost.slice(0, lostFactsCap),
        lostCount: last.lost.length,
        pinned: last.pinned,
        ...(needWeighted ? { needWeighted } : {}),
      }
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
  lines.push(...needWeightedLines(retention));
  for (const flag of flags) {
    // Masked before it is cut: transcript text may hold a key, and a key cut short no longer looks like one.
    const shown = flag.evidence && maskSecretsIn(flag.evidence);
    const evidence = shown ? ` — “${shown.length > 120 ? `${shown.slice(0, 119)}…` : shown}”` : '';
    // Pass 0 is a flag about a run in which no pass ran (the gate saw it under its trigger).
    lines.push(`flag (${flag.pass > 0 ? `pass ${flag.pass}` : 'run'}) ${flag.kind}: ${flag.message}${evidence}`);
  }
  return lines;
}

/**
 * The need-weighted line of the last pass: the share of the facts the transcript used after the compacted part that
 * the output holds without the later messages, by category; or why there is none.
 */
function needWeightedLines(retention: RetentionOutput): string[] {
  const view = retention.needWeighted;
  if (!view) return retention.total > 0 ? ['needed later: not measured (nothing in the transcript comes after the compacted part)'] : [];
  if (view.needed === 0) return [`needed later: nothing (the ${view.laterMessages} messages after the compacted part use none of its facts again)`];
  const categories = factCategories.filter((category) => view.byCategory[category].total > 0).map((category) => `${category} ${view.byCategory[category].kept}/${view.byCategory[category].total}`);
  return [
    `needed later: ${formatRetention(view.score, view.needed)} facts the transcript used after the compacted part kept (${categories.join(', ')}); ${view.lostCount} lost` +
      ` — checked without the ${view.laterMessages} later messages the output keeps`,
  ];
}
