import { contentFigure, contextFigure, type ContextBasis, type PassRetention, type PassSnapshot } from '../../engine';
import type { CompactionMarker } from '../../engine/transcript';
import { formatInteger, formatPercent } from '../../ui/format';
import type { ConfigLimits } from '../../worker-client/protocol';
import { tokenKinds, type PassBreakdown, type TokenKind } from '../../worker-client/run-protocol';

/** The bands a state is stacked from: the unstored overhead at the bottom (it is in every state), then the transcript's kinds. */
export const chartKinds = ['overhead', ...tokenKinds] as const;

/** One band of a state. */
export type ChartKind = (typeof chartKinds)[number];

/**
 * One bar group of the chart: the state after a pass (0 = the original) on the page's basis — each kind's exact
 * tokens (scaled by the calibration when the basis is calibrated), the unstored overhead, their total — and what the
 * profile's gate saw.
 */
export type ChartRow = Partial<Record<ChartKind, number>> & {
  pass: number;
  label: string;
  /** Context tokens of the state (the kinds plus the overhead); absent while it is not counted yet. */
  total?: number;
  /** Exact tokens of what the state holds, in the page's encoding (no overhead, no calibration). */
  content?: number;
  /** The calibration's 10th–90th percentile range of `total`, on the calibrated basis: drawn as a band. */
  range?: [number, number];
  /** The profile's own estimate of this state (what its gate compared): before pass 1 for the original, after pass k otherwise. */
  estimate?: number;
  /** Logged before/after tokens of the agent's own compactions in the source (the original only). */
  sourceMarkers?: CompactionMarker[];
  /** Facts kept so far (cumulative retention after this pass), 0–100; absent for the original and until measured. */
  retentionPercent?: number;
  /** How many facts the passes up to this one compacted (what `retentionPercent` is of). */
  factCount?: number;
};

/**
 * Each kind's tokens on the basis, adding up to `contentTotal`: as counted on the encoding basis; scaled by the
 * calibration otherwise, with the rounding left over given to the largest kind so the bands meet the total.
 */
function scaledKinds(basis: ContextBasis, breakdown: PassBreakdown, contentTotal: number): Record<TokenKind, number> {
  const scaled = Object.fromEntries(tokenKinds.map((kind) => [kind, contentFigure(basis, breakdown.byKind[kind])])) as Record<TokenKind, number>;
  const largest = tokenKinds.reduce((best, kind) => (scaled[kind] > scaled[best] ? kind : best), tokenKinds[0]);
  scaled[largest] += contentTotal - tokenKinds.reduce((sum, kind) => sum + scaled[kind], 0);
  return scaled;
}

/** The name a state goes by on the axis and in the tooltip. */
function passLabel(pass: number): string {
  return pass === 0 ? 'Original' : `Pass ${pass}`;
}

/**
 * Chart rows for the original and every pass on `basis`: exact counts by kind where counted (scaled when calibrated),
 * the unstored overhead in every state, and what the profile's gate saw where it reported it.
 */
export function buildChartRows(
  breakdowns: readonly PassBreakdown[],
  snapshots: readonly PassSnapshot[],
  basis: ContextBasis,
  markers: readonly CompactionMarker[] = [],
  originalGateSaw?: number,
): ChartRow[] {
  const rows: ChartRow[] = [];
  for (let pass = 0; pass <= snapshots.length; pass++) {
    const breakdown = breakdowns[pass];
    // The original's dot is what the gate compared (`originalGateSaw`, from the gate event): for two-tier the context
    // after microcompaction, for rolling-summary the older turns — not always the profile's estimate before pass 1.
    const estimate = pass === 0 ? (originalGateSaw ?? snapshots[0]?.tokensBefore) : snapshots[pass - 1].tokensAfter;
    const row: ChartRow = { pass, label: passLabel(pass), estimate };
    if (breakdown) {
      const context = contextFigure(basis, breakdown.total);
      Object.assign(row, scaledKinds(basis, breakdown, context.tokens - basis.overheadTokens));
      row.overhead = basis.overheadTokens;
      row.total = context.tokens;
      row.content = breakdown.total;
      if (context.range) row.range = [context.range.low, context.range.high];
    }
    if (pass === 0 && markers.length > 0) row.sourceMarkers = [...markers];
    rows.push(row);
  }
  return rows;
}

/**
 * The rows with each pass's cumulative retention. The original gets none: nothing was compacted yet, and a 100 % there
 * would read as a measurement. A pass whose compacted messages held no facts gets none either (100 % of nothing).
 */
export function withRetention(rows: readonly ChartRow[], retention: readonly PassRetention[]): ChartRow[] {
  return rows.map((row) => {
    const report = retention.find((candidate) => candidate.pass === row.pass)?.cumulative;
    if (row.pass === 0 || !report) return row;
    if (report.total === 0) return { ...row, factCount: 0 };
    return { ...row, retentionPercent: report.overall * 100, factCount: report.total };
  });
}

/** "62.5% of 48 facts compacted so far", or why there is no number. */
export function describeRetention(row: ChartRow): string {
  if (row.retentionPercent !== undefined && row.factCount !== undefined) return `${formatPercent(row.retentionPercent / 100)} of ${formatInteger(row.factCount)} facts compacted so far`;
  if (row.pass === 0) return 'nothing compacted yet';
  return row.factCount === 0 ? 'no facts in what was compacted so far' : 'not measured';
}

/** A horizontal line of the chart. */
export interface LimitLine {
  id: 'window' | 'trigger' | 'hardLimit';
  value: number;
  label: string;
}

/** The reserve / output buffer, drawn as its own band under the window. */
export interface ReserveBand {
  from: number;
  to: number;
  label: string;
}

/** The chart's lines and band for a config's limits, each labelled with what it is and its exact value. */
export function limitMarks(limits: ConfigLimits): { lines: LimitLine[]; reserve?: ReserveBand } {
  const lines: LimitLine[] = [];
  if (limits.window !== undefined) lines.push({ id: 'window', value: limits.window, label: `Window ${formatInteger(limits.window)}` });
  if (limits.trigger !== undefined) {
    const rule = limits.triggerRule ? ` (${limits.triggerRule})` : '';
    const compared = limits.triggerComparedWith ? `, compared with ${limits.triggerComparedWith}` : '';
    lines.push({ id: 'trigger', value: limits.trigger, label: `Trigger ${formatInteger(limits.trigger)}${rule}${compared}` });
  }
  if (limits.hardLimit !== undefined) lines.push({ id: 'hardLimit', value: limits.hardLimit, label: `Tier-2 hard limit ${formatInteger(limits.hardLimit)}` });
  const reserve =
    limits.window !== undefined && limits.reserve !== undefined && limits.reserve > 0
      ? { from: limits.window - limits.reserve, to: limits.window, label: `Reserve / output buffer ${formatInteger(limits.reserve)}` }
      : undefined;
  return { lines, reserve };
}

/** A token count as a share of the window (or, without one, of the trigger), saying which: "42.1% of the 200,000-token window". */
export function shareOfLimit(tokens: number, limits: ConfigLimits): string | undefined {
  if (limits.window) return `${formatPercent(tokens / limits.window)} of the ${formatInteger(limits.window)}-token window`;
  if (limits.trigger) return `${formatPercent(tokens / limits.trigger)} of the ${formatInteger(limits.trigger)}-token trigger`;
  return undefined;
}
