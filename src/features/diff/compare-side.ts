import { contentFigure, messageText, type ContextBasis, type ContextFigure } from '../../engine';
import { tokenKindLabels } from '../../state/token-kind-labels';
import { glossary } from '../../ui/glossary-terms';
import { tokenKinds, type TokenKind } from '../../worker-client/run-protocol';
import type { DiffState } from './diff-state';
import { checkPinnedLines } from './pinned-lines';

/** A side's figures, on the comparison's one basis; each is absent while it is counted or where it was not measured. */
export interface SideFigures {
  /** Context tokens: the exact content in the basis's encoding plus the unstored overhead (or calibrated). */
  context?: ContextFigure;
  /** Exact content tokens by kind in the basis's encoding, the system prompt included, the overhead not. */
  byKind?: Readonly<Record<TokenKind, number>>;
  /** Share (0..1) of the facts compacted so far that the state still holds; absent for a state nothing was compacted in. */
  factRetention?: number;
  /** Share (0..1) of the compacted facts later messages use again that the state holds; absent when none was needed or measured. */
  needRetention?: number;
}

/** One side of a comparison: what it is called, the state it shows and that state's figures. */
export interface CompareSide {
  /** Its name in the column heads and the metric table: "Original", "After pass 3", a run's name. */
  label: string;
  state: DiffState;
  figures: SideFigures;
}

/** How a metric's values read and subtract. */
type MetricKind = 'count' | 'tokens' | 'share';

/** One row of the metric table: the value on each side and Δ = right − left (absent when either side has none). */
export interface MetricRow {
  id: string;
  label: string;
  kind: MetricKind;
  left?: number;
  right?: number;
  delta?: number;
  /** What the row's values are of ("of 3 declared", "of the facts compacted so far"). */
  of?: string;
}

function row(id: string, label: string, kind: MetricKind, left: number | undefined, right: number | undefined, of?: string): MetricRow {
  return { id, label, kind, left, right, delta: left !== undefined && right !== undefined ? right - left : undefined, of };
}

function pinnedPresent(state: DiffState, pins: readonly { line: string; skills: string[] }[]): number {
  return checkPinnedLines(pins, state.messages.map(messageText)).filter((status) => status.locations.length > 0).length;
}

/**
 * The metric table's rows, left against right, every token figure on `basis` (kinds scaled like the context when the
 * basis is calibrated): messages, context tokens, the unstored overhead when there is one, tokens by kind, pinned lines
 * present (when `pins` declares any), fact and need-weighted retention.
 */
export function metricRows(left: CompareSide, right: CompareSide, basis: ContextBasis, pins: readonly { line: string; skills: string[] }[]): MetricRow[] {
  const rows = [
    row('messages', 'Messages', 'count', left.state.messages.length, right.state.messages.length),
    row('context', 'Context tokens', 'tokens', left.figures.context?.tokens, right.figures.context?.tokens),
  ];
  if (basis.overheadTokens > 0) rows.push(row('overhead', `${glossary.overhead.plain.charAt(0).toUpperCase()}${glossary.overhead.plain.slice(1)} (estimated)`, 'tokens', basis.overheadTokens, basis.overheadTokens));
  const kindOf = (side: CompareSide, kind: TokenKind) => (side.figures.byKind ? contentFigure(basis, side.figures.byKind[kind]) : undefined);
  for (const kind of tokenKinds) rows.push(row(`kind-${kind}`, tokenKindLabels[kind], 'tokens', kindOf(left, kind), kindOf(right, kind)));
  if (pins.length > 0) rows.push(row('pinned', 'Pinned lines present', 'count', pinnedPresent(left.state, pins), pinnedPresent(right.state, pins), `of ${pins.length}`));
  rows.push(row('facts', 'Facts kept (of those compacted so far)', 'share', left.figures.factRetention, right.figures.factRetention));
  rows.push(row('needed', 'Needed facts kept (of those used later)', 'share', left.figures.needRetention, right.figures.needRetention));
  return rows;
}
