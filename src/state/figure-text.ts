import { basisName, type ContextBasis, type ContextFigure } from '../engine';
import { formatInteger, formatPercent } from '../ui/format';
import { glossary } from '../ui/glossary-terms';

/** A context figure in words: "158,781", or "≈ 214,998 (200,001–234,000)" on the calibrated basis, "—" while pending. */
export function formatContext(figure: ContextFigure | undefined): string {
  if (!figure) return '—';
  if (!figure.range) return formatInteger(figure.tokens);
  return `≈ ${formatInteger(figure.tokens)} (${formatInteger(figure.range.low)}–${formatInteger(figure.range.high)})`;
}

/** A figure's share of the window, saying of what: "79.4% of the 200,000-token window". */
export function formatWindowShare(tokens: number, window: number): string {
  return `${formatPercent(tokens / window)} of the ${formatInteger(window)}-token window`;
}

/**
 * What the page's figures are, in one line: "o200k_base exact + 18,187 for the system prompt and tools not in the file"
 * (the unstored overhead, in the glossary's words), or on the calibrated basis "calibrated to claude-opus-4-6: 1.354 ×
 * o200k_base exact + 24,621 for …".
 */
export function describeBasis(basis: ContextBasis): string {
  const overhead = `${formatInteger(basis.overheadTokens)} for the ${glossary.overhead.plain}`;
  if (basis.kind === 'encoding') return `${basisName(basis)} + ${overhead}`;
  return `${basisName(basis)}: ${basis.calibration.ratio.toFixed(3)} × ${basis.encoding} exact + ${overhead}`;
}
