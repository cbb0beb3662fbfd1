import type { CellEndpoint, CellUpdate, PoolRun } from '../worker-client/experiment-pool';
import { poolSize, runExperimentPool } from '../worker-client/experiment-pool';
import type { CellRow, ExperimentDefinition } from '../worker-client/experiment-protocol';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { createBatcher } from './batcher';
import { cellsOf, cellsUpdated, progressOf, rowsOf } from './experiment-cells';
import { keepExperiment, type ExperimentRun } from './experiment-history';
import { bytesOfChosen, type ChosenTranscript } from './experiment-sources';
import { useProviderStore } from './provider-store';
import { useLabStore } from './store';

/** What an experiment runs on: how workers start, how many cores there are, and how often the page takes stock. */
export interface ExperimentEnvironment {
  /** Starts one worker; the page's Web Worker when absent (loaded on the first run, not with the page). */
  createEndpoint?: () => CellEndpoint;
  hardwareConcurrency(): number | undefined;
  /** Cells' changes are applied, and the rows judged, at most once per this many ms. */
  batchMs: number;
  /** The experiment is written to the workspace at most once per this many ms while it runs. */
  keepMs: number;
}

/** The page's environment; tests start their workers as Node threads. */
export const experimentEnvironment: ExperimentEnvironment = {
  hardwareConcurrency: () => (typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency),
  batchMs: 200,
  keepMs: 1000,
};

/** How the run reads and changes the Experiments store (its `get` and `set`), kept apart so the store file stays small. */
export interface RunAccess {
  current(): ExperimentRun | undefined;
  /** Shows `run` on the page in place of the experiment there. */
  show(run: ExperimentRun): void;
  /** Changes the experiment on the page, if it is still the one with `id`. */
  change(id: string, change: (run: ExperimentRun) => ExperimentRun): void;
  problem(message: string | undefined): void;
}

/** The experiment running now, so a newer start or a cancel can stop it. */
let active: { id: string; pool?: PoolRun; isCancelled: boolean } | undefined;

/** Judging in flight per experiment, and whether the rows changed since it was asked. */
const judging = new Map<string, { again: boolean }>();

/**
 * Judges the experiment's rows in the lab worker (assertions, summaries, frontiers, best config) and puts the answer on
 * the page: one judging at a time per experiment, and rows that ended meanwhile are judged again right after.
 */
export async function judge(access: RunAccess, id: string): Promise<void> {
  const inFlight = judging.get(id);
  if (inFlight) {
    inFlight.again = true;
    return;
  }
  const state = { again: false };
  judging.set(id, state);
  try {
    do {
      state.again = false;
      const run = access.current();
      if (!run || run.id !== id) return;
      const rows: CellRow[] = rowsOf(run.cells);
      const judgement = unwrap(await labClient.judgeExperiment(run.definition, rows));
      const byRow = new Map(rows.map((row, index) => [row, judgement.assertions[index]]));
      access.change(id, (current) => ({ ...current, judgement, cells: current.cells.map((cell) => (cell.row && byRow.has(cell.row) ? { ...cell, assertions: byRow.get(cell.row) ?? [] } : cell)) }));
    } while (state.again);
  } catch (error) {
    access.problem(`The experiment's results could not be judged: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    judging.delete(id);
  }
}

/** Writes the experiment as it stands to the workspace (a failure is the workspace's to say). */
async function keep(access: RunAccess, id: string): Promise<void> {
  const run = access.current();
  if (run?.id === id) await keepExperiment(run, Date.now()).catch((error: unknown) => access.problem(`The experiment could not be kept: ${error instanceof Error ? error.message : String(error)}`));
}

/**
 * Runs every cell of `definition` in the pool (one worker per spare core), the cells' changes gathered and applied to
 * the page at most every `batchMs` (one short task, then the rows judged in the lab worker), the experiment kept in the
 * workspace as it goes and when it ends. Resolves when it has ended (finished or cancelled).
 */
export async function runExperiment(access: RunAccess, definition: ExperimentDefinition, chosen: readonly ChosenTranscript[], started: { id: string; name: string; now: number }): Promise<void> {
  stopExperiment();
  const { id } = started;
  const mine: NonNullable<typeof active> = { id, isCancelled: false };
  active = mine;
  const cells = cellsOf(definition);
  access.show({ id, name: started.name, definition, origin: 'run', status: 'running', cells, progress: progressOf(cells), startedAt: started.now, skipped: [] });
  const pending = new Map<string, CellUpdate>();
  const keeping = createBatcher(() => void keep(access, id), experimentEnvironment.keepMs);
  const batch = createBatcher(() => {
    if (pending.size === 0) return;
    const updates = new Map(pending);
    pending.clear();
    access.change(id, (run) => {
      const updated = cellsUpdated(run.cells, updates, definition.mode);
      return { ...run, cells: updated, progress: progressOf(updated) };
    });
    void judge(access, id);
    keeping.schedule();
  }, experimentEnvironment.batchMs);
  const createEndpoint = experimentEnvironment.createEndpoint ?? (await import('../worker-client/experiment-endpoint')).createBrowserCellEndpoint;
  await keep(access, id);
  const bySha = new Map(chosen.map((transcript) => [transcript.ref.sha256, transcript]));
  const { encoding } = useLabStore.getState();
  const { prices } = useProviderStore.getState();
  mine.pool = runExperimentPool(
    cells.map((cell) => ({ key: cell.key, transcript: { sha256: cell.transcript.sha256, name: cell.transcript.name, ...(cell.transcript.run === undefined ? {} : { run: cell.transcript.run }) }, config: definition.configs.find((config) => config.name === cell.config) ?? { name: cell.config } })),
    {
      createEndpoint,
      workers: poolSize(experimentEnvironment.hardwareConcurrency(), cells.length),
      mode: definition.mode,
      encoding,
      ...(Object.keys(prices).length > 0 ? { prices } : {}),
      bytesOf: (transcript) => {
        const found = bySha.get(transcript.sha256);
        return found ? bytesOfChosen(found) : Promise.reject(new Error(`${transcript.name} is not among the experiment's transcripts`));
      },
      onUpdate: (update) => {
        pending.set(update.key, update);
        batch.schedule();
      },
    },
  );
  // Cancelled while it was being kept: the pool's cancel marks every cell.
  if (mine.isCancelled) mine.pool.cancel();
  await mine.pool.done;
  batch.flush();
  if (active === mine) active = undefined;
  keeping.cancel();
  access.change(id, (run) => ({ ...run, status: mine.isCancelled ? 'cancelled' : 'finished', finishedAt: Date.now() }));
  await judge(access, id);
  await keep(access, id);
}

/** Stops the experiment running now: its workers end and its unfinished cells are cancelled. */
export function stopExperiment(): void {
  if (!active) return;
  active.isCancelled = true;
  active.pool?.cancel();
}
