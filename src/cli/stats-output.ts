import type { EncodingName, LoggedBill, SourceLocation, TokenKind } from '../engine';

/** A tokenizer calibration as `stats --json` prints it: provider tokens per token of ours, fitted over logged calls. */
export interface CalibrationOutput {
  /** The model whose logged calls were fitted. */
  model: string;
  /** Provider tokens per token of the chosen encoding. */
  ratio: number;
  /** 10th–90th percentile of the slopes the ratio is the median of. */
  spread: { low: number; high: number };
  calls: number;
}

/** The JSON `stats --json` prints. Field names are a public contract: add fields, never rename. */
export interface StatsOutput {
  file: string;
  format: string | null;
  formatLabel: string;
  confidence: 'high' | 'low';
  runs: number;
  run: number;
  runLabel?: string;
  messages: number;
  byRole: { system: number; user: number; assistant: number; tool: number };
  injectedMessages: number;
  toolCalls: number;
  toolResults: number;
  orphanToolResults: number;
  unansweredToolCalls: number;
  compactionMarkers: number;
  /**
   * Exact tokens, by role as the source wrote them and by kind as the app's header and Tokens tab split them (a summary
   * written as a user message is summary, a tool result tool output).
   */
  tokens: { encoding: EncodingName; total: number; byRole: { system: number; user: number; assistant: number; tool: number }; byKind: Record<TokenKind, number> };
  loggedUsage?: { lastContextTokens?: number; totalInputTokens?: number; totalOutputTokens?: number; contextWindow?: number; description: string };
  /** The system prompt and tool schemas the source never stored, estimated from logged usage, in `tokens.encoding`. */
  unstoredOverhead: number;
  /** How `unstoredOverhead` was reached, in one sentence. */
  unstoredOverheadNote: string;
  /** Context tokens: `tokens.total` (what the transcript holds) + `unstoredOverhead`. */
  contextTokens: number;
  /**
   * The context as the agent last held it (its last compaction's summary and everything after, sidechains left out):
   * `tokens` held, in `tokens.encoding`, and `contextTokens` = `tokens` + the same `unstoredOverhead`; null when the
   * agent never compacted or its last compaction cannot be read. What `compact --from last-held` starts from.
   */
  lastHeld: { tokens: number; contextTokens: number; messages: number; compaction: number } | null;
  /** The tokenizer calibration against the logged calls; null when they cannot carry one (`calibrationNote` says why). */
  calibration: CalibrationOutput | null;
  calibrationNote: string;
  /**
   * What the logged model calls cost: provider-logged usage × the catalog's prices (`pricesAsOf`, `pricesSource`), by
   * model and by kind, with `cacheHitRate` and `withoutCachingUsd`; `totalUsd` and `byKind` are null when a model has no
   * price (`unknownModels`; `priced` holds the part that has one). Null when the file logged no usage (`loggedCostNote`).
   */
  loggedCost: LoggedBill | null;
  /** What `loggedCost` rests on, or why it is null, in one sentence. */
  loggedCostNote: string;
  skippedLines: number;
  /** Each error's message; where it is sits at the same index of `errorLocations`. */
  errors: string[];
  /** Each warning's message; where it is sits at the same index of `warningLocations`. */
  warnings: string[];
  /** Where each of `errors` is in the file: `{line, column, path}`, each only when known (`{}` when none is). */
  errorLocations: IssueLocation[];
  /** Where each of `warnings` is in the file, as `errorLocations`. */
  warningLocations: IssueLocation[];
}

/** Where an import issue is: a 1-based line (and column) and a JSON path like `messages[3].content`, each when known. */
export type IssueLocation = SourceLocation;
