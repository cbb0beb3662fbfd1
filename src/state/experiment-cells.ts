import type { CellStatus, CellUpdate } from '../worker-client/experiment-pool';
import type { AssertionResult, CellRow, ExperimentDefinition, ExperimentTranscriptRef } from '../worker-client/experiment-protocol';

/** One cell of an experiment as the page shows it: a transcript (file and run) under a config, where it stands and what it gave. */
export interface ExperimentCell {
  /** `transcript index:run:config index` in the definition; the run is empty for a whole file. */
  key: string;
  transcript: ExperimentTranscriptRef;
  config: string;
  status: CellStatus;
  /** The row once the cell ended: its figures, or (failed, cancelled) the reason in `error`. */
  row?: CellRow;
  /** The experiment's assertions checked on `row`, in the definition's order; empty until judged. */
  assertions: AssertionResult[];
}

/** How many cells stand where, and how many there are. */
export type ExperimentProgress = Record<CellStatus, number> & { total: number };

/** A cell's key: the transcript's and the config's places in the definition, and the run of a file holding several. */
function cellKey(transcriptIndex: number, configIndex: number, run?: number): string {
  return `${transcriptIndex}:${run ?? ''}:${configIndex}`;
}

/** Every transcript × config of a definition, queued, in transcript order (the grid's rows). */
export function cellsOf(definition: ExperimentDefinition): ExperimentCell[] {
  return definition.transcripts.flatMap((transcript, transcriptIndex) =>
    definition.configs.map((config, configIndex) => ({ key: cellKey(transcriptIndex, configIndex, transcript.run), transcript, config: config.name, status: 'queued' as const, assertions: [] })),
  );
}

/** The count of cells by status. */
export function progressOf(cells: readonly ExperimentCell[]): ExperimentProgress {
  const progress: ExperimentProgress = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0, total: cells.length };
  for (const cell of cells) progress[cell.status] += 1;
  return progress;
}

/** A row for a cell that ended without one (its worker stopped, it was cancelled): the reason, no figures. */
function reasonRow(cell: ExperimentCell, mode: ExperimentDefinition['mode'], error: string): CellRow {
  return { file: cell.transcript.name, ...(cell.transcript.run === undefined ? {} : { run: cell.transcript.run }), config: cell.config, mode, ok: false, error, durationMs: null };
}

/** The transcript index and config index a key names. */
function placesOf(key: string): { transcriptIndex: number; configIndex: number } {
  const [transcriptIndex, , configIndex] = key.split(':');
  return { transcriptIndex: Number(transcriptIndex), configIndex: Number(configIndex) };
}

/**
 * The cells with `updates` applied, in place of the cells they name. A whole file's cell that answered with one row per
 * run becomes one cell per run (the grid shows each run of a file as its own row); an ended cell without rows gets a
 * row that says why, so every ended cell is a row of the experiment's JSONL.
 */
export function cellsUpdated(cells: readonly ExperimentCell[], updates: ReadonlyMap<string, CellUpdate>, mode: ExperimentDefinition['mode']): ExperimentCell[] {
  return cells.flatMap((cell): ExperimentCell[] => {
    const update = updates.get(cell.key);
    if (!update) return [cell];
    const { status } = update;
    if (status === 'queued' || status === 'running') return [{ ...cell, status }];
    const rows = update.rows ?? [];
    if (rows.length === 0) return [{ ...cell, status, row: reasonRow(cell, mode, update.error ?? `the cell ${status === 'cancelled' ? 'was cancelled' : 'failed'}`) }];
    if (rows.length === 1 && rows[0].run === cell.transcript.run) return [{ ...cell, status: rows[0].ok ? 'done' : 'failed', row: rows[0] }];
    const { transcriptIndex, configIndex } = placesOf(cell.key);
    return rows.map((row) => ({ ...cell, key: cellKey(transcriptIndex, configIndex, row.run), transcript: { ...cell.transcript, ...(row.run === undefined ? {} : { run: row.run }) }, status: row.ok ? 'done' : 'failed', row }));
  });
}

/** The rows of the cells that ended, in the cells' order (what is judged and exported). */
export function rowsOf(cells: readonly ExperimentCell[]): CellRow[] {
  return cells.flatMap((cell) => (cell.row ? [cell.row] : []));
}

/**
 * The cells of an experiment read back (a JSONL file, a kept record): each row is an ended cell, placed by its file and
 * config in the definition; a transcript × config the rows never reached (a run the page was closed during) is a
 * cancelled cell that says so.
 */
export function cellsFromRows(definition: ExperimentDefinition, rows: readonly CellRow[]): ExperimentCell[] {
  const cells: ExperimentCell[] = [];
  definition.transcripts.forEach((transcript, transcriptIndex) => {
    definition.configs.forEach((config, configIndex) => {
      const mine = rows.filter((row) => row.file === transcript.name && row.config === config.name && (transcript.run === undefined || row.run === transcript.run));
      if (mine.length === 0) {
        const cell: ExperimentCell = { key: cellKey(transcriptIndex, configIndex, transcript.run), transcript, config: config.name, status: 'cancelled', assertions: [] };
        cells.push({ ...cell, row: reasonRow(cell, definition.mode, 'not run: the experiment stopped before this cell (cancelled, or the page was closed)') });
        return;
      }
      for (const row of mine) {
        cells.push({ key: cellKey(transcriptIndex, configIndex, row.run), transcript: { ...transcript, ...(row.run === undefined ? {} : { run: row.run }) }, config: config.name, status: row.ok ? 'done' : 'failed', row, assertions: [] });
      }
    });
  });
  return cells;
}
