/** The worker contract's types for transcripts: importing an input and counting its messages exactly (types only). */
import type { EncodingName, ImportReport, LoggedBill, TokenKind, UsageFit } from '../engine';
import type { Role, Transcript } from '../engine/transcript';
import type { PriceOverrides } from '../providers/prices/overrides';
import type { WorkerReply } from './protocol';

/** The result of importing one input in the worker. `transcriptKeys[i]` names `transcripts[i]` in later worker calls. */
export interface ImportResponse {
  transcripts: Transcript[];
  transcriptKeys: string[];
  report: ImportReport;
  /** Instant per-message estimates for each transcript (`estimates[transcript][message]`), shown until exact counts arrive. */
  estimates: number[][];
  /** Estimate for each transcript's system prompt (0 when there is none). */
  systemEstimates: number[];
}

/** Exact counts for a slice of messages, streamed while a count runs. */
export interface TokenBatch {
  transcriptKey: string;
  encoding: EncodingName;
  /** Index of the first message this batch covers; `counts[i]` is for message `startIndex + i`. */
  startIndex: number;
  counts: number[];
  /** Messages counted so far, out of `total`. */
  done: number;
  total: number;
}

/** The finished exact count of one transcript. */
export interface TokenSummary {
  transcriptKey: string;
  encoding: EncodingName;
  perMessage: number[];
  system: number;
  total: number;
  byRole: Record<Role, number>;
  /**
   * The same tokens by kind, as the Tokens tab splits every state (a summary the source wrote as a user message is
   * summary, a tool result tool output): what the page states, so the header and the Tokens table agree.
   */
  byKind: Record<TokenKind, number>;
  /** Messages whose count came from the cache instead of the tokenizer. */
  cachedMessages: number;
  /** What the source's logged usage says against these counts: the unstored overhead and a tokenizer calibration. */
  usage: UsageFit;
  /** The context as the agent last held it, counted the same way, when the agent compacted (see `LastHeldCount`). */
  lastHeld?: LastHeldCount;
  durationMs: number;
}

/**
 * The exact count of the context the agent last held (its last compaction's summary and everything after it,
 * sidechains left out), in the same encoding as the whole file's `total`, system prompt included and no unstored
 * overhead: the page adds the same overhead to both.
 */
export interface LastHeldCount {
  total: number;
  /** Messages in that context. */
  messages: number;
  /** Which of the agent's compactions it starts from (1-based, in transcript order). */
  ordinal: number;
}

/** The context as the agent last held it, registered in the worker as a transcript of its own. */
export interface LastHeldAnswer {
  /** That context as a transcript (the loaded one is left as it was). */
  context: Transcript;
  /** The worker's key for `context`: a run, counts, breakdowns and predictions of it ask by this key. */
  transcriptKey: string;
  /** The key of the transcript it was taken from. */
  ofTranscriptKey: string;
  /** Which of the agent's compactions it starts from (1-based). */
  ordinal: number;
}

/** What a transcript's logged model calls cost, or why nothing can be said. */
export interface LoggedCostAnswer {
  /** The bill at the catalog's prices (each figure's basis in `pricesAsOf`, `pricesSource`); null when no call logged usage. */
  bill: LoggedBill | null;
  /** Why `bill` is null, in one sentence; absent when there is a bill. */
  note?: string;
}

/** The worker methods that import transcripts and count their tokens. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface TranscriptApi {
  /** Reads and imports a file in the worker, so a large file never blocks the page. */
  importFile(file: Blob, fileName: string): Promise<WorkerReply<ImportResponse>>;
  /** Imports pasted text. */
  importText(text: string, fileName?: string): Promise<WorkerReply<ImportResponse>>;
  /**
   * Counts every message of a transcript exactly, calling `onBatch` as batches finish. A newer `countTokens` call
   * supersedes a running one, which then answers with a `cancelled` error.
   */
  countTokens(transcriptKey: string, encoding: EncodingName, onBatch: (batch: TokenBatch) => void): Promise<WorkerReply<TokenSummary>>;
  /**
   * Registers the context as the agent last held it as a transcript of its own, for a run that starts there. Refused
   * (`no-compaction`, `unreadable-compaction`) when the agent never compacted or its last compaction cannot be read.
   */
  openLastHeld(transcriptKey: string): Promise<WorkerReply<LastHeldAnswer>>;
  /**
   * What the model calls the transcript logged cost: provider-logged usage × the price catalog's prices with the user's
   * `overrides` on top; the worker loads the catalog on first use, and only for a transcript that logged usage.
   */
  loggedCost(transcriptKey: string, overrides?: PriceOverrides): Promise<WorkerReply<LoggedCostAnswer>>;
}
