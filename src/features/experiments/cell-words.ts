import { formatInteger, formatPercent, formatUsd } from '../../ui/format';
import type { AssertionOutcome, CellFiguresView, GridCell } from './experiment-view-types';

/** The context after, in context tokens, with its share of the window when the config sets one. */
export function contextWords(figures: CellFiguresView): string {
  const share = figures.windowShareAfter === null ? '' : ` (${formatPercent(figures.windowShareAfter)} of the window)`;
  return `${formatInteger(figures.contextAfter)} tokens${share}`;
}

/** Need-weighted retention as a percentage, or "—" with why it was not measured. */
export function retentionWords(needWeighted: number | null): { text: string; why?: string } {
  if (needWeighted === null) return { text: '—', why: 'not measured: nothing later used a compacted fact' };
  return { text: formatPercent(needWeighted) };
}

/** The cost in the app's one money format: "cost unknown" for an unknown price, never $0. */
export function costWords(costUsd: number | null): string {
  return formatUsd(costUsd);
}

/** An assertion's outcome in words: "✓ needRetention>=0.8", "✗ needRetention>=0.8 (0.62)", "— … (why)". */
export function outcomeWords(outcome: AssertionOutcome): string {
  if (outcome.pass === true) return `✓ ${outcome.assertion}`;
  if (outcome.pass === false) {
    const actual = outcome.actual === null ? '' : ` (was ${typeof outcome.actual === 'number' ? formatActual(outcome.actual) : outcome.actual})`;
    return `✗ ${outcome.assertion} failed${actual}`;
  }
  return `— ${outcome.assertion}: ${outcome.why ?? 'not measurable here'}`;
}

function formatActual(value: number): string {
  return Number.isInteger(value) ? formatInteger(value) : String(Math.round(value * 1000) / 1000);
}

/** The one-word verdict of a cell under its assertions: every one passed, some failed, or none could be judged. */
export function cellVerdict(cell: GridCell): 'pass' | 'fail' | 'unjudged' | 'none' {
  if (cell.assertions.length === 0) return 'none';
  if (cell.assertions.some((outcome) => outcome.pass === false)) return 'fail';
  if (cell.assertions.every((outcome) => outcome.pass === true)) return 'pass';
  return 'unjudged';
}

/** A cell's status in words, for a cell without figures. */
export function statusWords(cell: GridCell): string {
  if (cell.status === 'waiting') return 'waiting';
  if (cell.status === 'running') return 'running…';
  if (cell.status === 'cancelled') return `cancelled${cell.error ? `: ${cell.error}` : ''}`;
  if (cell.status === 'failed') return `failed: ${cell.error ?? 'no reason given'}`;
  return 'done';
}

/** The exact-count basis of the cells' context figures: "o200k_base exact + the unstored overhead". */
export function encodingWords(cells: readonly GridCell[]): string {
  const encodings = [...new Set(cells.flatMap((cell) => (cell.figures?.encoding ? [cell.figures.encoding] : [])))];
  return `${encodings.length === 0 ? 'exact counts' : `${encodings.join(' and ')} exact`} + the unstored overhead`;
}
