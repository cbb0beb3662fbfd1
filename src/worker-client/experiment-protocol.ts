/**
 * The worker contract's types for experiments (issue 29), types only: what the page and its workers exchange about
 * an experiment — its definition, its cells' rows, their judgement — and the two ways it is asked: the experiment
 * workers run cells (`ExperimentWorkerApi`), the lab worker reads, writes and judges experiments (`ExperimentApi`).
 * The lab (`src/lab/experiment`) computes them; its functions take and give these shapes, which the worker's
 * implementation checks both ways, so the page never imports the lab.
 */
import type { EncodingName } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { WorkerReply } from './protocol';

/** What each cell of an experiment runs: one compaction of the whole transcript, or a replay of the whole session. */
export type ExperimentMode = 'compaction' | 'replay';

/** A config of an experiment: its name and its document (absent for one read from old `eval` output: shown, not re-run). */
export interface ExperimentConfig {
  name: string;
  document?: ConfigDocument;
}

/** A transcript of an experiment by name and hash, never its text. */
export interface ExperimentTranscriptRef {
  name: string;
  /** SHA-256 of the file's bytes, lower-case hex; '' when not known (eval output written before experiments). */
  sha256: string;
  sizeBytes: number | null;
  /** The 1-based run of a file holding several; absent for the whole file. */
  run?: number;
}

/** An experiment as a shareable file: what it runs and judges, and which transcripts, by name and hash. */
export interface ExperimentDefinition {
  version: 1;
  name?: string;
  mode: ExperimentMode;
  configs: ExperimentConfig[];
  /** Assertions as written (`needRetention>=0.8`, `no:over-window`). */
  assertions: string[];
  transcripts: ExperimentTranscriptRef[];
}

/** One cell's figures (see the lab's `CellFigures` for each one's basis: context tokens, exact counts plus unstored overhead). */
export interface CellFigures {
  contextBefore: number | null;
  /** Compaction: the context after the run. Replay: the session's peak. */
  contextAfter: number;
  windowShareAfter: number | null;
  /** Need-weighted retention (0..1); null when nothing later used a compacted fact: not measurable, never a score. */
  needWeighted: number | null;
  compactions: number;
  summarizerCalls: number;
  /** US dollars; null when a price is unknown. */
  costUsd: number | null;
  /** The outcome flag kinds raised, each once. */
  flags: string[];
  encoding: EncodingName | null;
}

/** What names a cell: the transcript file (and its run), the config, the mode. */
export interface CellHead {
  file: string;
  run?: number;
  config: string;
  mode: ExperimentMode;
}

/** One cell's outcome: its figures when it ran, the reason when it did not; `durationMs` its wall time, null when not recorded. */
export type CellRow = CellHead & ({ ok: true; durationMs: number | null } & CellFigures | { ok: false; error: string; durationMs: number | null });

/** An assertion checked on one cell: `pass` null when it cannot be judged there (`why` says so), never counted as a pass. */
export interface AssertionResult {
  assertion: string;
  pass: boolean | null;
  actual: number | string | null;
  why?: string;
}

/** A figure over a config's cells: mean and median where it was measured, and how many those were. */
export interface FigureSummary {
  mean: number | null;
  median: number | null;
  count: number;
}

/** How one assertion fared over a config's cells. */
export interface AssertionTally {
  assertion: string;
  passed: number;
  failed: number;
  notMeasurable: number;
  /** passed ÷ (passed + failed); null when no cell could be judged. */
  passRate: number | null;
}

/** The figures a config is summarized on. */
export type SummaryFigure = 'contextBefore' | 'contextAfter' | 'windowShareAfter' | 'needWeighted' | 'compactions' | 'summarizerCalls' | 'costUsd';

/** One config over every transcript of an experiment. */
export interface ConfigSummary {
  config: string;
  cells: number;
  failedCells: number;
  figures: Record<SummaryFigure, FigureSummary>;
  assertions: AssertionTally[];
  cellsPassingAll: number;
  /** True when the config passes the whole assertion set on every cell. */
  passesAll: boolean;
}

/** An experiment's rows judged: each row's assertion results (in the rows' order), each config's summary, the frontiers and the best config. */
export interface ExperimentJudgement {
  assertions: AssertionResult[][];
  configs: ConfigSummary[];
  /** The configs no other beats on both size (or cost) and retention, in order of the first. */
  frontier: { contextAfter: string[]; costUsd: string[] };
  best: { config: string; why: string } | null;
  /** Why no config is best, in words, when none is. */
  noBest?: string;
}

/** A transcript file that could not be imported, and why. */
export interface SkippedFile {
  file: string;
  reason: string;
}

/** An experiment's JSONL read back: its definition, rows and skipped files; or the line and what is wrong with it. */
export type ExperimentReading = { definition: ExperimentDefinition; rows: CellRow[]; skipped: SkippedFile[] } | { error: string };

/** A checked assertion in its canonical form, or what is wrong with it. */
export type AssertionReading = { text: string } | { error: string };

/** The lab worker's experiment methods (part of `LabWorkerApi`): the lab's own code, so the page never loads it. */
export interface ExperimentApi {
  /** Each row's assertions checked, each config summarized, the frontiers and the best config. */
  judgeExperiment(definition: ExperimentDefinition, rows: CellRow[]): Promise<WorkerReply<ExperimentJudgement>>;
  /** Reads an experiment's JSONL (the Experiments view's export, `eval --jsonl` output); a bad line is an answer that names it. */
  readExperimentJsonl(text: string): Promise<WorkerReply<ExperimentReading>>;
  /** The experiment as JSONL, the one format of `eval --jsonl`. */
  writeExperimentJsonl(definition: ExperimentDefinition, rows: CellRow[]): Promise<WorkerReply<string>>;
  /** Checks a shared definition (a file, a link's JSON): the definition, or the field and what is wrong. */
  readExperimentDefinition(value: unknown): Promise<WorkerReply<{ definition: ExperimentDefinition } | { error: string }>>;
  /** Checks one assertion as written. */
  checkAssertion(text: string): Promise<WorkerReply<AssertionReading>>;
}

/** The transcript file a cell runs on: its hash (the worker's key for it), its name, and which of its runs. */
export interface CellTranscript {
  sha256: string;
  name: string;
  /** The 1-based run of a file holding several; absent runs every run of the file, one row each. */
  run?: number;
}

/** One cell for an experiment worker: the transcript (its bytes only when the worker may not hold them yet) and the config. */
export interface CellRequest {
  transcript: CellTranscript;
  /** The file's bytes exactly as loaded; sent once per worker, which keeps a few files by hash. */
  bytes?: Uint8Array;
  config: ExperimentConfig;
  mode: ExperimentMode;
  encoding: EncodingName;
  /** The user's price overrides, laid over the catalog for a replay's bill. */
  prices?: PriceOverrides;
}

/** A worker's answer: the cell's rows (one per run it covered), or that it no longer holds the file and needs its bytes. */
export type CellAnswer = { rows: CellRow[] } | { missing: true };

/** What an experiment worker (src/worker/experiment-worker.ts, one per spare core) offers the pool. */
export interface ExperimentWorkerApi {
  /** Runs one cell; never throws for a cell that cannot run (its row says why). */
  runCell(request: CellRequest): Promise<CellAnswer>;
}
