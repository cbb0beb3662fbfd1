import type { DBSchema } from 'idb';
import type { EncodingName } from '../engine/tokens/token-counter';
import type { Fate, Insertion, Message } from '../engine/transcript';

/** Any value JSON can hold: what the workspace stores for records whose contents another part of the app defines. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A transcript the user loaded, as listed: everything but its bytes (those sit in `transcriptBytes` under the same id). */
export interface TranscriptRecord {
  /** The sha256 of the bytes, hex: the same file loaded twice is one record. */
  id: string;
  /** The name the user knows it by (the file name, or "pasted text"); renaming changes only this. */
  name: string;
  /** The format the importer detected, in its words (`Claude Code JSONL`). */
  formatLabel: string;
  /** The exact size of the stored bytes. */
  sizeBytes: number;
  /** sha256 of the bytes, hex (equal to `id`; kept by name so a reader never has to know that). */
  sha256: string;
  /** When it was first added and last opened, ms since the epoch. */
  addedAt: number;
  openedAt: number;
}

/** The original bytes of one transcript, exactly as loaded and never altered. */
interface TranscriptBytesRecord {
  id: string;
  bytes: Uint8Array;
}

/** A config document the user saved under a name: the JSON text the config editor held. */
export interface ConfigRecord {
  id: string;
  name: string;
  /** The config editor's JSON text, as it was. */
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** What a run came to, in figures small enough to keep every run: enough to list it and say how it ended. */
export interface RunSummary {
  /** How the run ended, in one word. */
  outcome: 'done' | 'failed' | 'cancelled';
  /** Passes the run took, and calls it made to the summarizer. */
  passes: number;
  summarizerCalls: number;
  /** Exact token counts before and after (system prompt included) in `encoding`; absent when the run counted none. */
  exactTokensBefore?: number;
  exactTokensAfter?: number;
  encoding?: EncodingName;
  /** The profile's own estimates before and after, when no exact count is there. */
  estimatedTokensBefore: number;
  estimatedTokensAfter: number;
  /** Why the run failed, in words, when it did. */
  problem?: string;
  /** A session replay's own figures (exact counts in `encoding`); absent for a single compaction. */
  replay?: ReplaySummary;
}

/** What a session replay came to, beside the compactions (`passes`) and summarizer calls every run has. */
interface ReplaySummary {
  /** The largest context the replay held, and the context at its end, in exact tokens. */
  peakTokens: number;
  finalTokens: number;
  /** Steps whose context was over the trigger by the gate's own reading, of all steps. */
  stepsOverTrigger: number;
  steps: number;
  /** US dollars the summarizer calls cost; null when a call had no price (an offline replay costs 0). */
  costUsd: number | null;
}

/**
 * The state a single compaction left, kept beside its run so two runs can be compared later without running them
 * again (a live summarizer would answer differently, and charge again). Fates are about the source transcript's
 * messages, so two runs on the same transcript align. A run that changed nothing keeps no messages: its state is the
 * original, read again from the transcript's bytes.
 */
export interface RunStateRecord {
  /** The run's id. */
  id: string;
  messages?: Message[];
  fates?: Record<string, Fate>;
  /** Kinds of the messages the run's passes inserted, by message id. */
  insertions: [string, Insertion['kind']][];
}

/** One run or session replay the user did on the page. */
export interface RunRecord {
  id: string;
  /** A label the user may rename; starts as the transcript's name and the profile. */
  name: string;
  kind: 'compaction' | 'replay';
  /** The workspace transcript it ran on, and which of the file's transcripts (0-based). */
  transcriptId: string;
  transcriptIndex: number;
  /** The config document as it ran, as JSON text, and its profile. */
  configText: string;
  profile: string;
  createdAt: number;
  summary: RunSummary;
}

/** An experiment as another part of the app defines it: an id, a name, dates, and JSON the workspace does not read. */
export interface ExperimentRecord<Definition extends JsonValue = JsonValue, Results extends JsonValue = JsonValue> {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  definition: Definition;
  results?: Results;
}

/** What the page last had open, so a reload can open it again. */
export interface WorkspaceMeta {
  lastTranscriptId?: string;
  lastRunId?: string;
}

/** The one key of the `meta` store. */
export const metaKey = 'last';

/** The workspace database's stores, typed for `idb`. Every record is JSON-serialisable except the bytes. */
export interface WorkspaceSchema extends DBSchema {
  transcripts: { key: string; value: TranscriptRecord };
  transcriptBytes: { key: string; value: TranscriptBytesRecord };
  configs: { key: string; value: ConfigRecord };
  runs: { key: string; value: RunRecord; indexes: { byTranscript: string } };
  runStates: { key: string; value: RunStateRecord };
  experiments: { key: string; value: ExperimentRecord };
  meta: { key: string; value: WorkspaceMeta };
}

/** The database's version: raise it with an upgrade step whenever a store or index changes. */
export const workspaceSchemaVersion = 2;

/** The database's name in the browser's IndexedDB. */
export const workspaceDatabaseName = 'compaction-lab-workspace';
