import { readFile, stat } from 'node:fs/promises';
import { importText } from '../engine/formats/import-text';
import { MAX_INPUT_BYTES } from '../engine/formats/import-limits';
import type { EncodingName } from '../engine/tokens/token-counter';
import { transcriptStats } from '../engine/transcript/transcript-stats';
import { countTranscript } from '../engine/tokens/accounting';
import { loadTokenCounter } from '../worker/token-counter';
import { UsageError, type CommandLine } from './arguments';
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
  const size = await stat(file).then((info) => info.size, () => {
    throw new UsageError(`${file}: no such file`, 1);
  });
  if (size > MAX_INPUT_BYTES) throw new UsageError(`${file}: ${size} bytes exceeds the ${MAX_INPUT_BYTES}-byte limit`, 1);
  const text = await readFile(file, 'utf8');
  const result = importText(text, { fileName: file, byteLength: size });
  const { report } = result;
  if (result.transcripts.length === 0) {
    throw new UsageError(`${file}: ${report.errors[0]?.message ?? 'nothing could be imported'}`.replace(/\s+/g, ' '), 1);
  }
  const runOption = line.options.get('run');
  const runIndex = runOption === undefined ? 0 : Number(runOption) - 1;
  if (!Number.isInteger(runIndex) || runIndex < 0 || runIndex >= result.transcripts.length) {
    throw new UsageError(`--run must be a number from 1 to ${result.transcripts.length}`);
  }
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
