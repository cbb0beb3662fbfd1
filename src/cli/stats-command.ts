import type { EncodingName } from '../engine/tokens/token-counter';
import { transcriptStats } from '../engine/transcript/transcript-stats';
import { countTranscript } from '../engine/tokens/accounting';
import { loadTokenCounter } from '../worker/token-counter';
import { UsageError, type CommandLine } from './arguments';
import { readTranscriptFile, selectRun } from './read-transcript';
import { formatStatsTable } from './stats-table';

const ENCODINGS: readonly EncodingName[] = ['o200k_base', 'cl100k_base'];

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
  skippedLines: number;
  errors: string[];
  warnings: string[];
}

/** `compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N]`: the import report of one file. */
export async function statsCommand(line: CommandLine): Promise<string> {
  const file = line.operands[0];
  if (!file) throw new UsageError('stats needs a file: compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N]');
  const encoding = (line.options.get('encoding') ?? 'o200k_base') as EncodingName;
  if (!ENCODINGS.includes(encoding)) throw new UsageError(`unknown encoding "${String(encoding)}"; use one of ${ENCODINGS.join(', ')}`);
  const result = await readTranscriptFile(file);
  const { report } = result;
  const runIndex = selectRun(line.options.get('run'), result.transcripts.length);
  const transcript = result.transcripts[runIndex];
  const tokens = countTranscript(transcript, await loadTokenCounter(encoding));
  const stats = transcriptStats(transcript);
  const output: StatsOutput = {
    file,
    format: report.format,
    formatLabel: report.formatLabel,
    confidence: report.confidence,
    runs: result.transcripts.length,
    run: runIndex + 1,
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
    skippedLines: report.skippedLines,
    errors: report.errors.map((issue) => issue.message),
    warnings: report.warnings.map((issue) => issue.message),
  };
  return line.options.has('json') ? JSON.stringify(output, null, 2) : formatStatsTable(output);
}
