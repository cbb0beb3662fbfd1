import { countTranscript, kindTotals, lastHeldContext, loggedBillBasis, TokenCache, type ImportIssue } from '../engine';
import { loggedCostOf } from '../lab/logged-cost';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { transcriptStats } from '../engine/transcript';
import { UsageError, type CommandLine } from './arguments';
import type { CommandOutput } from './command-output';
import { readPricesOption } from './read-price-file';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import type { IssueLocation, StatsOutput } from './stats-output';
import { formatStatsTable } from './stats-table';
import { readEncoding } from './transcript-basis';
import { transcriptBasis } from '../lab/transcript-basis';

/** An issue's location alone, with only the fields it has. */
function locationOf(issue: ImportIssue): IssueLocation {
  return { ...(issue.line !== undefined ? { line: issue.line } : {}), ...(issue.column !== undefined ? { column: issue.column } : {}), ...(issue.path !== undefined ? { path: issue.path } : {}) };
}

/** `compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N] [--prices FILE]`: the import report of one file. */
export async function statsCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('stats needs a file: compaction-lab stats <file> [--json] [--encoding o200k_base] [--run N]');
  const encoding = readEncoding(line.options.get('encoding'));
  const prices = await readPricesOption(line);
  const result = await readTranscriptFile(file);
  const { report } = result;
  const transcriptIndex = selectTranscript(line.options.get('run'), result.transcripts.length);
  const transcript = result.transcripts[transcriptIndex];
  // One cache for both counts: the held context's messages are the file's own, tokenized once.
  const cache = new TokenCache();
  const { tokens, usage } = await transcriptBasis(transcript, encoding, cache);
  const held = lastHeldContext(transcript);
  const heldTokens = held && countTranscript(held.transcript, await loadTokenCounter(encoding), cache).total;
  const calibration = usage.calibration && { model: usage.calibration.model, ratio: usage.calibration.ratio, spread: usage.calibration.spread, calls: usage.calibration.calls };
  const stats = transcriptStats(transcript);
  const cost = await loggedCostOf(transcript, prices);
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
    // byKind: the split the app's header and Tokens tab state (a summary written as a user message is summary).
    tokens: { encoding, total: tokens.total, byRole: tokens.byRole, byKind: kindTotals(tokens.system, transcript.messages, tokens.perMessage) },
    loggedUsage: transcript.meta.loggedUsage,
    unstoredOverhead: usage.overhead.tokens,
    unstoredOverheadNote: usage.overhead.note,
    contextTokens: tokens.total + usage.overhead.tokens,
    lastHeld: held && heldTokens !== undefined ? { tokens: heldTokens, contextTokens: heldTokens + usage.overhead.tokens, messages: held.transcript.messages.length, compaction: held.compaction.ordinal } : null,
    calibration,
    calibrationNote: usage.calibrationNote,
    loggedCost: cost.bill,
    loggedCostNote: cost.bill ? `Logged cost: ${loggedBillBasis(cost.bill)}.` : (cost.note ?? ''),
    skippedLines: report.skippedLines,
    errors: report.errors.map((issue) => issue.message),
    warnings: report.warnings.map((issue) => issue.message),
    errorLocations: report.errors.map(locationOf),
    warningLocations: report.warnings.map(locationOf),
  };
  return { stdout: line.options.has('json') ? JSON.stringify(output, null, 2) : formatStatsTable(output), exitCode: 0 };
}
