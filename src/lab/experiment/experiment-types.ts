import type { EncodingName } from '../../engine';
import type { ConfigDocument } from '../../engine/config';

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
