import type { ExperimentCell } from '../../state/experiment-cells';
import type { ExperimentRun } from '../../state/experiment-history';
import type { CellKey, GridCell } from './experiment-view-types';
import type { ExperimentResults } from './experiments-view';
import type { RunProgress } from './run-bar';

/** A transcript's row label: its name, and its run when the file holds several. */
function rowLabel(cell: ExperimentCell): string {
  return cell.transcript.run === undefined ? cell.transcript.name : `${cell.transcript.name} · run ${cell.transcript.run}`;
}

/** A store cell as the grid shows it. */
function gridCell(cell: ExperimentCell): GridCell {
  const { row } = cell;
  return {
    transcript: rowLabel(cell),
    config: cell.config,
    status: cell.status === 'queued' ? 'waiting' : cell.status,
    figures: row?.ok ? row : undefined,
    error: row && !row.ok ? row.error : undefined,
    assertions: cell.assertions,
  };
}

/** The shown experiment's grid, aggregates, frontier and best config (the judgement's, once judged). */
export function resultsOfRun(run: ExperimentRun): ExperimentResults {
  const { judgement, definition } = run;
  const cells = run.cells.map(gridCell);
  return {
    transcripts: [...new Set(cells.map((cell) => cell.transcript))],
    configs: definition.configs.map((config) => config.name),
    cells,
    aggregates: judgement?.configs ?? [],
    hasAssertions: definition.assertions.length > 0,
    frontier: judgement?.frontier ?? { contextAfter: [], costUsd: [] },
    best: judgement?.best ?? { config: null, why: judgement?.noBest ?? (run.status === 'running' ? 'the experiment is still running' : 'the results are being judged') },
  };
}

/** The run's progress as the run bar counts it. */
export function progressOfRun(run: ExperimentRun): RunProgress {
  const { progress } = run;
  return { total: progress.total, finished: progress.done + progress.failed + progress.cancelled, running: progress.running, failed: progress.failed };
}

/** The store cell a grid cell names. */
export function cellOf(run: ExperimentRun, key: CellKey): ExperimentCell | undefined {
  return run.cells.find((cell) => cell.config === key.config && rowLabel(cell) === key.transcript);
}
