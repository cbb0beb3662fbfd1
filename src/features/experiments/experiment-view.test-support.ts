import type { AssertionOutcome, ConfigAggregate, FigureSpread, GridCell } from './experiment-view-types';

/** A finished cell with the given figures (the rest plain: one compaction, no calls, offline cost $0). */
export function doneCell(transcript: string, config: string, contextAfter: number, needWeighted: number | null, assertions: AssertionOutcome[] = [], flags: string[] = []): GridCell {
  return {
    transcript,
    config,
    status: 'done',
    figures: { contextAfter, windowShareAfter: contextAfter / 200_000, needWeighted, compactions: 1, summarizerCalls: 0, costUsd: 0, flags, encoding: 'o200k_base' },
    assertions,
  };
}

function spread(values: number[]): FigureSpread {
  if (values.length === 0) return { mean: null, median: null, count: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return { mean: values.reduce((sum, value) => sum + value, 0) / values.length, median: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2, count: values.length };
}

/** A config's aggregate over the given cells, as the lab summarizes one (for hand-made test data). */
export function aggregateOf(config: string, cells: readonly GridCell[]): ConfigAggregate {
  const mine = cells.filter((cell) => cell.config === config);
  const figures = mine.flatMap((cell) => (cell.figures ? [cell.figures] : []));
  const pick = (read: (figures: NonNullable<GridCell['figures']>) => number | null) => spread(figures.flatMap((entry) => (read(entry) === null ? [] : [read(entry) as number])));
  const texts = [...new Set(mine.flatMap((cell) => cell.assertions.map((outcome) => outcome.assertion)))];
  const assertions = texts.map((assertion) => {
    const outcomes = mine.map((cell) => cell.assertions.find((outcome) => outcome.assertion === assertion)?.pass ?? null);
    const passed = outcomes.filter((pass) => pass === true).length;
    const failed = outcomes.filter((pass) => pass === false).length;
    return { assertion, passed, failed, notMeasurable: outcomes.length - passed - failed, passRate: passed + failed === 0 ? null : passed / (passed + failed) };
  });
  const failedCells = mine.length - figures.length;
  return {
    config,
    cells: mine.length,
    failedCells,
    figures: { contextAfter: pick((entry) => entry.contextAfter), needWeighted: pick((entry) => entry.needWeighted), compactions: pick((entry) => entry.compactions), summarizerCalls: pick((entry) => entry.summarizerCalls), costUsd: pick((entry) => entry.costUsd) },
    assertions,
    cellsPassingAll: mine.filter((cell) => cell.status === 'done' && cell.assertions.every((outcome) => outcome.pass === true)).length,
    passesAll: failedCells === 0 && assertions.every((tally) => tally.failed === 0 && tally.passed > 0),
  };
}
