import type { CellStatus } from '../worker-client/experiment-pool';
import type { ExperimentDefinition, ExperimentJudgement, SkippedFile } from '../worker-client/experiment-protocol';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { withWorkspace } from '../workspace/page-workspace';
import type { ExperimentRecord, JsonValue } from '../workspace/workspace-schema';
import { cellsFromRows, progressOf, rowsOf, type ExperimentCell, type ExperimentProgress } from './experiment-cells';

/** An experiment on the page: what it runs, its cells as they stand, and its judgement once there is one. */
export interface ExperimentRun {
  /** Its id in the workspace. */
  id: string;
  name: string;
  definition: ExperimentDefinition;
  /** Run on this page, or read from a JSONL file (`eval --jsonl` output, an export): an imported one has no bytes. */
  origin: 'run' | 'import';
  status: 'running' | 'finished' | 'cancelled';
  cells: ExperimentCell[];
  progress: ExperimentProgress;
  /** ms since the epoch. */
  startedAt: number;
  finishedAt?: number;
  /** The rows judged: assertions, each config's summary, the frontiers, the best config; absent until the first judging. */
  judgement?: ExperimentJudgement;
  /** Transcript files an imported experiment's source could not import. */
  skipped: SkippedFile[];
}

/** An experiment as the history lists it, without its cells. */
export interface ExperimentListing {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: ExperimentRun['status'];
  origin: ExperimentRun['origin'];
  transcripts: number;
  configs: number;
}

/** What the workspace keeps of an experiment beside its definition: its rows as the JSONL the CLI writes, and each cell's status. */
interface KeptResults {
  version: 1;
  origin: ExperimentRun['origin'];
  status: ExperimentRun['status'];
  startedAt: number;
  finishedAt?: number;
  jsonl: string;
  statuses: Record<string, CellStatus>;
  skipped: SkippedFile[];
}

/** A value as the JSON it is stored as (the workspace keeps JSON; optional fields that are absent are left out). */
function asJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps an experiment in the workspace (replacing its earlier state): a reload finds it as it stood. */
export async function keepExperiment(run: ExperimentRun, now: number): Promise<void> {
  const jsonl = unwrap(await labClient.writeExperimentJsonl(run.definition, rowsOf(run.cells)));
  const results: KeptResults = {
    version: 1,
    origin: run.origin,
    status: run.status,
    startedAt: run.startedAt,
    ...(run.finishedAt === undefined ? {} : { finishedAt: run.finishedAt }),
    jsonl,
    statuses: Object.fromEntries(run.cells.map((cell) => [cell.key, cell.status])),
    skipped: run.skipped,
  };
  const record: ExperimentRecord = { id: run.id, name: run.name, createdAt: run.startedAt, updatedAt: now, definition: asJson(run.definition), results: asJson(results) };
  await withWorkspace((workspace) => workspace.putExperiment(record), { isChange: true });
}

/** The kept results of a record, when they are what this build writes. */
function keptResults(record: ExperimentRecord): KeptResults | undefined {
  const results = record.results;
  if (!isRecord(results) || results.version !== 1 || typeof results.jsonl !== 'string' || typeof results.startedAt !== 'number') return undefined;
  return results as unknown as KeptResults;
}

/** A kept experiment as the history lists it. */
function listingOf(record: ExperimentRecord): ExperimentListing {
  const results = keptResults(record);
  const definition = isRecord(record.definition) ? record.definition : {};
  const count = (field: unknown) => (Array.isArray(field) ? field.length : 0);
  return {
    id: record.id,
    name: record.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    status: results?.status ?? 'finished',
    origin: results?.origin ?? 'run',
    transcripts: count(definition.transcripts),
    configs: count(definition.configs),
  };
}

/** Every experiment the workspace keeps, last changed first; empty when the workspace is not there (it says why). */
export async function listExperiments(): Promise<ExperimentListing[]> {
  return (await withWorkspace((workspace) => workspace.listExperiments()))?.map(listingOf) ?? [];
}

/**
 * A kept experiment read back: its rows are read (and checked) as JSONL by the lab, each cell gets its status again,
 * and one that was running when the page closed has its unfinished cells cancelled; the reason in words when it
 * cannot be read.
 */
export async function openKeptExperiment(id: string): Promise<ExperimentRun | { problem: string }> {
  const record = await withWorkspace((workspace) => workspace.getExperiment(id));
  if (!record) return { problem: 'That experiment is no longer in the workspace.' };
  const results = keptResults(record);
  if (!results) return { problem: `The experiment “${record.name}” was kept by another version of Compaction Lab and cannot be read here.` };
  const reading = unwrap(await labClient.readExperimentJsonl(results.jsonl));
  if ('error' in reading) return { problem: `The experiment “${record.name}” could not be read back: ${reading.error}` };
  const cells = cellsFromRows(reading.definition, reading.rows).map((cell) => {
    const status = results.statuses[cell.key];
    // A cell that had not ended when the page closed never ran to the end.
    return status === 'cancelled' || status === 'failed' ? { ...cell, status } : cell;
  });
  const wasRunning = results.status === 'running';
  return {
    id: record.id,
    name: record.name,
    definition: reading.definition,
    origin: results.origin,
    status: wasRunning ? 'cancelled' : results.status,
    cells,
    progress: progressOf(cells),
    startedAt: results.startedAt,
    ...(results.finishedAt === undefined ? {} : { finishedAt: results.finishedAt }),
    skipped: Array.isArray(results.skipped) ? results.skipped : [],
  };
}
