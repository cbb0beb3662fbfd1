/*
 * What the Experiments view's components are given: plain data, shaped like the lab's experiment records (cells,
 * assertion results, config summaries) so the store's values pass straight through, and hand-made values test them.
 */

/** Where a cell stands in a run: not started, on a worker, finished with figures, failed (with why), or cancelled. */
type CellStatus = 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';

/** A finished cell's figures: context tokens (exact in `encoding` + the unstored overhead), shares 0..1, US dollars. */
export interface CellFiguresView {
  contextAfter: number;
  windowShareAfter: number | null;
  needWeighted: number | null;
  compactions: number;
  summarizerCalls: number;
  costUsd: number | null;
  flags: readonly string[];
  encoding: string | null;
}

/** One assertion judged on one cell: pass, fail, or null (not measurable there, `why` says so). */
export interface AssertionOutcome {
  assertion: string;
  pass: boolean | null;
  actual: number | string | null;
  why?: string;
}

/** One (transcript, config) cell of the grid. */
export interface GridCell {
  transcript: string;
  config: string;
  status: CellStatus;
  figures?: CellFiguresView;
  /** Why the cell did not run (failed or cancelled). */
  error?: string;
  assertions: readonly AssertionOutcome[];
}

/** A figure over a config's cells: mean and median over the cells where it was measured, and how many. */
export interface FigureSpread {
  mean: number | null;
  median: number | null;
  count: number;
}

/** One config over every transcript: the lab's config summary, the parts the view shows. */
export interface ConfigAggregate {
  config: string;
  cells: number;
  failedCells: number;
  figures: Record<'contextAfter' | 'needWeighted' | 'compactions' | 'summarizerCalls' | 'costUsd', FigureSpread>;
  assertions: readonly { assertion: string; passed: number; failed: number; notMeasurable: number; passRate: number | null }[];
  cellsPassingAll: number;
  passesAll: boolean;
}

/** The best config under the assertions, with the lab's reason in words; or why none is. */
export type BestVerdict = { config: string; why: string } | { config: null; why: string };

/** The horizontal axis of the frontier: context after (context tokens) or cost (US dollars). */
export type FrontierAxis = 'contextAfter' | 'costUsd';

/** Names a cell: its transcript (row) and config (column). */
export interface CellKey {
  transcript: string;
  config: string;
}
