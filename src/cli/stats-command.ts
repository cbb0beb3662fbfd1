import type { ImportIssue, SourceLocation } from '../engine/formats/import-report';
import type { EncodingName } from '../engine/tokens/token-counter';
import { transcriptStats } from '../engine/transcript/transcript-stats';
import { UsageError, type CommandLine } from './arguments';
import type { CommandOutput } from './command-output';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import { formatStatsTable } from './stats-table';
import { readEncoding, transcriptBasis } from './transcript-basis';

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
  tokens: { encoding: EncodingName; total: number; byRole: { system: number; user: number; assistant: number; tool: number } };
  loggedUsage?: { lastContextTokens?: number; totalInputTokens?: number; totalOutputTokens?: number; contextWindow?: number; description: string };
  /** The system prompt and tool schemas the source never stored, estimated from logged usage, in `tokens.encoding`. */
  unstoredOverhead: number;
  /** How `unstoredOverhead` was reached, in one sentence. */
  unstoredOverheadNote: string;
  /** Context tokens: `tokens.total` (what the transcript holds) + `unstoredOverhead`. */
  contextTokens: number;
  /** The tokenizer calibration against the logged calls; null when they cannot carry one (`calibrationNote` says why). */
  calibration: CalibrationOutput | null;
  calibrationNote: string;
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

/** An issue's location alone, with only the fields it has. */
function locationOf(issue: ImportIssue): IssueLocation {
  return { ...(issue.line !== undefined ? { line: issue.line } : {}), ...(issue.column !== undefined ? { column: issue.column } : {}), ...(issue.path !== undefined ? { path: issue.path } : {}) };
}

/** `compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N]`: the import report of one file. */
export async function statsCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('stats needs a file: compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N]');
  const encoding = readEncoding(line.options.get('encoding'));
  const result = await readTranscriptFile(file);
  const { report } = result;
  const transcriptIndex = selectTranscript(line.options.get('run'), result.transcripts.length);
  const transcript = result.transcripts[transcriptIndex];
  const { tokens, usage } = await transcriptBasis(transcript, encoding);
  const calibration = usage.calibration && { model: usage.calibration.model, ratio: usage.calibration.ratio, spread: usage.calibration.spread, calls: usage.calibration.calls };
  const stats = transcriptStats(transcript);
  const output: StatsOutput = {
    file,
    format: report.format,
    formatLabel: report.formatLabel,
    confidence: report.confidence,
    runs: result.transcripts.length,
    run: transcriptIndex + 1,
    runLabel: transcript.source.runLabel,
    messages: stats.messages,
    byRole: stats.byRole,
    injectedMessages: stats.injectedMessages,
    toolCalls: stats.toolCalls,
    toolResults: stats.toolResults,
    orphanToolResults: stats.orphanToolResults,
    unansweredToolCalls: stats.unansweredToolCalls,
    compactionMarkers: stats.compactionMarkers,
    tokens: { encoding, total: tokens.total, byRole: tokens.byRole },
    loggedUsage: transcript.meta.loggedUsage,
    unstoredOverhead: usage.overhead.tokens,
    unstoredOverheadNote: usage.overhead.note,
    contextTokens: tokens.total + usage.overhead.tokens,
    calibration,
    calibrationNote: usage.calibrationNote,
    skippedLines: report.skippedLines,
    errors: report.errors.map((issue) => issue.message),
    warnings: report.warnings.map((issue) => issue.message),
    errorLocations: report.errors.map(locationOf),
    warningLocations: report.warnings.map(locationOf),
  };
  return { stdout: line.options.has('json') ? JSON.stringify(output, null, 2) : formatStatsTable(output), exitCode: 0 };
}
