import type { EncodingName } from '../engine';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { CellAnswer, CellRequest, CellRow, CellTranscript, ExperimentConfig, ExperimentMode } from './experiment-protocol';

/** Where a cell of an experiment stands. */
export type CellStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One cell to run: a transcript (file and run) under a config; `key` names it in every update. */
export interface PoolCell {
  key: string;
  transcript: CellTranscript;
  config: ExperimentConfig;
}

/** A change of one cell: its status, and once it ended its rows (done, failed) or the reason it has none. */
export interface CellUpdate {
  key: string;
  status: CellStatus;
  rows?: CellRow[];
  /** Why the cell failed or was cancelled, in words. */
  error?: string;
}

/** Said by an endpoint whose worker is gone (it failed, crashed or was terminated): the pool starts another. */
export class WorkerStopped extends Error {}

/** One worker as the pool sees it: it runs cells, and it can be stopped. A call on a worker that dies rejects with `WorkerStopped`. */
export interface CellEndpoint {
  runCell(request: CellRequest): Promise<CellAnswer>;
  /** Ends the worker; a call in flight rejects with `WorkerStopped`. */
  terminate(): void;
}

/** What runs an experiment's cells: how to start a worker, how many, and what every cell shares. */
export interface PoolOptions {
  createEndpoint(): CellEndpoint;
  workers: number;
  mode: ExperimentMode;
  encoding: EncodingName;
  prices?: PriceOverrides;
  /** A transcript file's bytes, read when a worker first needs them. */
  bytesOf(transcript: CellTranscript): Promise<Uint8Array>;
  /** Hears every change of every cell, as it happens. */
  onUpdate(update: CellUpdate): void;
}

/** A running experiment: `done` settles when every cell has ended; `cancel` stops it. */
export interface PoolRun {
  done: Promise<void>;
  /** Terminates every worker and marks each cell not yet ended cancelled. */
  cancel(): void;
}

/** One worker per spare core (one core stays with the page), at least one, never more than there are cells. */
export function poolSize(hardwareConcurrency: number | undefined, cells: number): number {
  return Math.max(1, Math.min(cells, (hardwareConcurrency ?? 2) - 1));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A cell's status from its rows: failed when none of them ran (its first reason said), done otherwise. */
function ended(key: string, rows: CellRow[]): CellUpdate {
  const failure = rows.find((row) => !row.ok);
  const isFailed = rows.length === 0 || rows.every((row) => !row.ok);
  return { key, status: isFailed ? 'failed' : 'done', rows, ...(failure && !failure.ok ? { error: failure.error } : {}) };
}

/**
 * Runs `cells` in `options.workers` workers from a shared queue. A worker takes the cells of a file it holds first,
 * then a file no other worker holds, so each file is imported and tokenized by as few workers as it can be. A cell
 * that fails (its rows say why, or its call threw) is recorded and the rest go on; a worker that stops mid-cell fails
 * that cell with "the worker stopped: …" and a fresh worker takes its place. Cancel terminates the workers and marks
 * every cell not yet ended cancelled.
 */
export function runExperimentPool(cells: readonly PoolCell[], options: PoolOptions): PoolRun {
  const queue = [...cells];
  const running = new Map<string, PoolCell>();
  const endpoints = new Set<CellEndpoint>();
  const holdings: Set<string>[] = [];
  let isCancelled = false;
  for (const cell of cells) options.onUpdate({ key: cell.key, status: 'queued' });

  const take = (mine: Set<string>): PoolCell | undefined => {
    const othersHold = (sha256: string) => holdings.some((held) => held !== mine && held.has(sha256));
    const index = [(cell: PoolCell) => mine.has(cell.transcript.sha256), (cell: PoolCell) => !othersHold(cell.transcript.sha256), () => true]
      .map((prefer) => queue.findIndex(prefer))
      .find((found) => found >= 0);
    return index === undefined ? undefined : queue.splice(index, 1)[0];
  };

  const start = (): CellEndpoint => {
    const endpoint = options.createEndpoint();
    endpoints.add(endpoint);
    return endpoint;
  };

  const runOne = async (endpoint: CellEndpoint, cell: PoolCell, mine: Set<string>): Promise<CellAnswer> => {
    const request: CellRequest = { transcript: cell.transcript, config: cell.config, mode: options.mode, encoding: options.encoding, ...(options.prices ? { prices: options.prices } : {}) };
    const held = mine.has(cell.transcript.sha256) ? await endpoint.runCell(request) : { missing: true as const };
    if (!('missing' in held)) return held;
    let bytes: Uint8Array;
    try {
      bytes = await options.bytesOf(cell.transcript);
    } catch (error) {
      return { rows: [{ file: cell.transcript.name, ...(cell.transcript.run === undefined ? {} : { run: cell.transcript.run }), config: cell.config.name, mode: options.mode, ok: false, error: `its bytes could not be read: ${messageOf(error)}`, durationMs: null }] };
    }
    mine.add(cell.transcript.sha256);
    return endpoint.runCell({ ...request, bytes });
  };

  const slot = async (): Promise<void> => {
    const mine = new Set<string>();
    holdings.push(mine);
    let endpoint: CellEndpoint | undefined;
    for (let cell = take(mine); cell && !isCancelled; cell = isCancelled ? undefined : take(mine)) {
      running.set(cell.key, cell);
      options.onUpdate({ key: cell.key, status: 'running' });
      try {
        endpoint ??= start();
        const answer = await runOne(endpoint, cell, mine);
        if (isCancelled) return;
        running.delete(cell.key);
        options.onUpdate('missing' in answer ? { key: cell.key, status: 'failed', error: 'the worker lost the file it was sent' } : ended(cell.key, answer.rows));
      } catch (error) {
        if (isCancelled) return;
        running.delete(cell.key);
        const hasStopped = error instanceof WorkerStopped;
        options.onUpdate({ key: cell.key, status: 'failed', error: hasStopped ? `the worker stopped: ${error.message}` : messageOf(error) });
        // A worker that stopped is replaced by a fresh one (holding nothing) for the cells left.
        if (hasStopped && endpoint) {
          endpoint.terminate();
          endpoints.delete(endpoint);
          endpoint = undefined;
          mine.clear();
        }
      }
    }
    if (endpoint) {
      endpoint.terminate();
      endpoints.delete(endpoint);
    }
  };

  const done = Promise.all(Array.from({ length: Math.max(1, Math.min(options.workers, cells.length)) }, slot)).then(() => undefined);
  return {
    done,
    cancel() {
      if (isCancelled) return;
      isCancelled = true;
      for (const endpoint of endpoints) endpoint.terminate();
      endpoints.clear();
      for (const cell of [...running.values(), ...queue.splice(0)]) options.onUpdate({ key: cell.key, status: 'cancelled', error: 'cancelled before it ran to the end' });
      running.clear();
    },
  };
}
