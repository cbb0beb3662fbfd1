import type { EncodingName } from './token-counter';
import type { Calibration, UsageFit } from './usage-fit';

/**
 * How every token figure a user tunes with is stated: *context tokens* = what the transcript holds, counted exactly,
 * plus the unstored overhead (system prompt and tool schemas the source never kept). On the `encoding` basis both are
 * in the page's encoding; on the `calibrated` basis both are in the provider's tokens, the content scaled by the
 * calibration ratio, with a range from the ratio's spread. Compaction changes only the content part.
 */
export type ContextBasis =
  | { kind: 'encoding'; encoding: EncodingName; overheadTokens: number }
  | { kind: 'calibrated'; encoding: EncodingName; overheadTokens: number; calibration: Calibration };

/** A context figure: its value, and on the calibrated basis the range its spread allows. */
export interface ContextFigure {
  tokens: number;
  range?: { low: number; high: number };
}

/** The basis a page or command states its figures on; `calibrated` falls back to the encoding when there is no calibration. */
export function contextBasis(encoding: EncodingName, fit: UsageFit | undefined, isCalibrated = false): ContextBasis {
  if (isCalibrated && fit?.calibration) return { kind: 'calibrated', encoding, overheadTokens: fit.calibration.overheadTokens, calibration: fit.calibration };
  return { kind: 'encoding', encoding, overheadTokens: fit?.overhead.tokens ?? 0 };
}

/** Context tokens of a state whose exact content count (in the basis's encoding) is `contentTokens`. */
export function contextFigure(basis: ContextBasis, contentTokens: number): ContextFigure {
  if (basis.kind === 'encoding') return { tokens: contentTokens + basis.overheadTokens };
  const { ratio, spread } = basis.calibration;
  return {
    tokens: Math.round(basis.overheadTokens + ratio * contentTokens),
    range: { low: Math.round(basis.overheadTokens + spread.low * contentTokens), high: Math.round(basis.overheadTokens + spread.high * contentTokens) },
  };
}

/** The content part of a figure on this basis: exact on the encoding basis, scaled by the ratio when calibrated. */
export function contentFigure(basis: ContextBasis, contentTokens: number): number {
  return basis.kind === 'encoding' ? contentTokens : Math.round(basis.calibration.ratio * contentTokens);
}

/** The basis in a few words, for labels: `o200k_base exact` or `calibrated to claude-opus-4-6`. */
export function basisName(basis: ContextBasis): string {
  return basis.kind === 'encoding' ? `${basis.encoding} exact` : `calibrated to ${basis.calibration.model}`;
}
