import type { ImportIssue, ImportReport, ImportResult } from './import-report';
import type { Importer } from './importer';
import { refuseInput } from './import-limits';
import { parseDocument, type ParsedDocument } from './parse-document';
import { PLAIN_TEXT_NEEDS } from './plain-text/plain-text';
import { importers } from './registry';

/** Options for one import. */
export interface ImportOptions {
  fileName?: string;
  /** Size of the original file in bytes when known (a string's length undercounts multi-byte text). */
  byteLength?: number;
}

/**
 * Imports any supported transcript from text: refuses binary or oversized input, parses JSON / JSONL / text,
 * sniffs the format from structure, and reads it. Never throws: every problem is in the report, located.
 */
export function importText(text: string, options: ImportOptions = {}): ImportResult {
  const refusal = refuseInput(text, options.byteLength);
  if (refusal) return failure({ message: refusal });
  const parsed = parseDocument(text);
  const lineReport = parsed.kind === 'jsonl'
    ? { skippedLines: parsed.badLines.length, totalLines: parsed.totalLines, lineErrors: parsed.badLines }
    : { skippedLines: 0, totalLines: undefined, lineErrors: [] as ImportIssue[] };
  const importer = detectFormat(parsed);
  // Text that looked like JSON but did not parse gets the JSON error, unless a labelled chat claimed it (a paste whose
  // first line opens with a bracket).
  if (!importer && parsed.kind === 'text' && parsed.jsonError) {
    const where = parsed.jsonError;
    return failure({ ...where, message: `Malformed JSON at line ${where.line}, column ${where.column}: ${where.message}` });
  }
  if (!importer) {
    const tried = importers.map((candidate) => candidate.label);
    const hint = parsed.kind === 'text' ? ` ${PLAIN_TEXT_NEEDS[0].toUpperCase()}${PLAIN_TEXT_NEEDS.slice(1)}.` : '';
    return failure({ message: `Unknown format. Tried: ${tried.join(', ')}.${hint}` }, tried, lineReport);
  }
  const report: ImportReport = {
    format: importer.id,
    formatLabel: importer.label,
    confidence: importer.confidence ?? 'high',
    // A value nested past the import limit was cut during parsing; the record itself still imports.
    errors: [...lineReport.lineErrors.map(describeLineError), ...(parsed.kind !== 'text' ? parsed.nestingCuts ?? [] : [])].map(capMessage),
    warnings: [],
    skippedLines: lineReport.skippedLines,
    totalLines: lineReport.totalLines,
  };
  try {
    const output = importer.read(parsed, { fileName: options.fileName });
    report.errors.push(...output.errors.map(capMessage));
    report.warnings.push(...output.warnings.map(capMessage));
    if (output.transcripts.length === 0 && report.errors.length === 0) {
      report.errors.push({ message: `No conversation found in this ${importer.label} file.` });
    }
    return { transcripts: output.transcripts, report };
  } catch (error) {
    // Importers promise not to throw; if one breaks that promise the user still gets a report, not a crash.
    report.errors.push({ message: `The ${importer.label} importer failed: ${error instanceof Error ? error.message : String(error)}` });
    return { transcripts: [], report };
  }
}

/** The first importer (in detection order) that recognises the document's structure. */
function detectFormat(parsed: ParsedDocument): Importer | undefined {
  return importers.find((importer) => {
    try {
      return importer.detect(parsed);
    } catch {
      return false;
    }
  });
}

/**
 * Longest issue message kept whole. Importers quote ids and values briefly (`quotedId`, `describeValue`); this is the
 * backstop, so whatever a source holds, each warning stays one readable line on the page and in the CLI.
 */
const MAX_ISSUE_MESSAGE = 300;

function capMessage(issue: ImportIssue): ImportIssue {
  return issue.message.length <= MAX_ISSUE_MESSAGE ? issue : { ...issue, message: `${issue.message.slice(0, MAX_ISSUE_MESSAGE - 1)}…` };
}

function describeLineError(issue: ImportIssue): ImportIssue {
  return { ...issue, message: `Line ${issue.line}, column ${issue.column}: ${issue.message} (line skipped)` };
}

function failure(
  issue: ImportIssue,
  triedFormats?: string[],
  lines: { skippedLines: number; totalLines?: number } = { skippedLines: 0 },
): ImportResult {
  return {
    transcripts: [],
    report: {
      format: null,
      formatLabel: 'Unknown',
      confidence: 'low',
      errors: [issue],
      warnings: [],
      skippedLines: lines.skippedLines,
      totalLines: lines.totalLines,
      triedFormats,
    },
  };
}
