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

/** A config of an experiment: its name (a file name, a preset, a saved config's name) and its document. */
export interface ExperimentConfig {
  name: string;
  /**
   * The config document the cells ran. Absent only for an experiment read from `eval --jsonl` output written before
   * experiments existed, whose rows name each config's file and nothing more: such a config can be shown, not re-run.
   */
  document?: ConfigDocument;
}

/** A transcript of an experiment by name and hash, never its text: enough to find the same bytes again. */
export interface ExperimentTranscriptRef {
  /** The file name (the CLI: the path as given or found). */
  name: string;
  /** SHA-256 of the file's bytes, lower-case hex; '' when not known (eval output written before experiments). */
  sha256: string;
  /** The file's size in bytes; null when not known. */
  sizeBytes: number | null;
  /** The 1-based run, for a file holding several runs (an Inspect log with several samples); absent for the whole file. */
  run?: number;
}

/** An experiment as a shareable file: what it runs and judges, and which transcripts, by name and hash. */
export interface ExperimentDefinition {
  version: 1;
  name?: string;
  mode: ExperimentMode;
  configs: ExperimentConfig[];
  /** Assertions as written (`needRetention>=0.8`, `no:over-window`); see `parseAssertion`. */
  assertions: string[];
  transcripts: ExperimentTranscriptRef[];
}

/**
 * One (transcript, config) result, the same columns in both modes. Context figures are context tokens: exact counts in
 * `encoding` (system prompt included) plus the transcript's unstored overhead (system prompt and tools the source did
 * not store, fitted from its logged usage), as `compact`, `replay` and the page state them.
 */
export interface CellFigures {
  /**
   * The transcript's whole context before any compaction (what `stats` counts); null when not known (a row of `eval`
   * output written before experiments).
   */
  contextBefore: number | null;
  /**
   * Compaction mode: the context after the run. Replay mode: the peak — the largest context the session reached under
   * the policy (before any compaction at its step), `eval`'s `peakTokens`: the size the policy let the agent's
   * context grow to, the figure that decides whether a model call is refused.
   */
  contextAfter: number;
  /** `contextAfter` as a share of the config's window (0..1+); null when the config sets no window. */
  windowShareAfter: number | null;
  /**
   * Need-weighted retention (0..1): of the compacted facts the transcript used again later, the share the compacted
   * context still held. Compaction mode: the last pass's; replay: the mean over the compactions where it was measured.
   * Null when nothing later used a compacted fact (or nothing was compacted): not measurable, never a score.
   */
  needWeighted: number | null;
  /** Compaction mode: 1 when the run compacted (made a pass), 0 when its gate did not fire. Replay: the session's compactions. */
  compactions: number;
  summarizerCalls: number;
  /**
   * US dollars; null when a price is unknown. Compaction mode: the summarizer calls (0 offline). Replay: the policy's
   * whole bill with prompt caching — the agent's calls on the policy's context plus the summarizer calls (issue 28).
   */
  costUsd: number | null;
  /**
   * The outcome flag kinds raised, each once, in the engine's words: `over-window`, `no-op-pass`, `estimate-disagrees`,
   * `history-wiped`, `replaced-nothing` (replay: raised by any of its compactions).
   */
  flags: string[];
  /** The encoding of the exact counts; null when not known (old `eval` output). */
  encoding: EncodingName | null;
}

/** What names a cell: the transcript file (and its run), the config, the mode. */
export interface CellHead {
  file: string;
  run?: number;
  config: string;
  mode: ExperimentMode;
}

/**
 * One cell's outcome: its figures when it ran, the reason when it did not (a refused config, a failed run, a cancel).
 * `durationMs` is the wall time the cell took; null when not recorded (old `eval` output).
 */
export type CellRow = CellHead & ({ ok: true; durationMs: number | null } & CellFigures | { ok: false; error: string; durationMs: number | null });

/**
 * An assertion checked on one cell. `pass` is null when the cell cannot be judged on it (a failed cell, a figure not
 * measured there such as need-weighted retention with nothing used later): `why` says so in words, and it is counted
 * apart, never as a pass.
 */
export interface AssertionResult {
  assertion: string;
  pass: boolean | null;
  actual: number | string | null;
  why?: string;
}

/** The figures a config is summarized on. */
type SummaryFigure = 'contextBefore' | 'contextAfter' | 'windowShareAfter' | 'needWeighted' | 'compactions' | 'summarizerCalls' | 'costUsd';

/** A figure over a config's cells: mean and median over the cells where it was measured, and how many those were. */
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
  /** Cells it could not be judged on (failed cells, a figure not measured there): never counted as passes. */
  notMeasurable: number;
  /** passed ÷ (passed + failed); null when no cell could be judged. */
  passRate: number | null;
}

/** One config over every transcript of an experiment. */
export interface ConfigSummary {
  config: string;
  cells: number;
  /** Cells that did not run (refused, failed, cancelled). */
  failedCells: number;
  figures: Record<SummaryFigure, FigureSummary>;
  assertions: AssertionTally[];
  /** Cells that ran and passed every assertion (with none, every cell that ran). */
  cellsPassingAll: number;
  /**
   * True when the config passes the whole assertion set: no cell failed to run, no assertion failed on any cell, and
   * each assertion could be judged on at least one cell (one never measurable proves nothing).
   */
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
type ExperimentReading = { definition: ExperimentDefinition; rows: CellRow[]; skipped: SkippedFile[] } | { error: string };

/** A checked assertion in its canonical form, or what is wrong with it. */
type AssertionReading = { text: string } | { error: string };

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
