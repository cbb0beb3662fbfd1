import type { ImportIssue } from './import-report';
import { findJsonErrorOffset } from './json-error-offset';
import { describeNestingCuts, limitNesting, MAX_NESTING_DEPTH } from './nesting-limit';
import { cutDeepNesting } from './nesting-scan';

/**
 * How deep the text scan keeps containers before JSON.parse: one level past the import limit, so `limitNesting` still
 * finds (and names) every container it cuts, while nothing deeper costs JSON.parse any time.
 */
const SCANNED_DEPTH = MAX_NESTING_DEPTH + 1;

/** One JSONL record with its 1-based line number. */
export interface JsonLine {
  line: number;
  value: unknown;
}

/**
 * The input after the format-independent parse: one JSON value, a JSONL stream (good lines kept,
 * bad lines located), or plain text. Importers sniff and read this, never the raw string.
 */
export type ParsedDocument =
  | { kind: 'json'; value: unknown; text: string; nestingCuts?: ImportIssue[] }
  | { kind: 'jsonl'; records: JsonLine[]; badLines: ImportIssue[]; totalLines: number; text: string; nestingCuts?: ImportIssue[] }
  | { kind: 'text'; text: string; jsonError?: ImportIssue };

/** Line and column (1-based) of a character offset in `text`. */
export function locate(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Turns a JSON.parse error into a located issue; engines word their messages differently, so both forms are read. */
export function describeJsonError(error: unknown, text: string, lineOffset = 0): ImportIssue {
  // An engine whose parser recurses gives up on deep nesting with a stack overflow, which names no position.
  if (error instanceof RangeError) return { message: 'nested too deeply to read', line: lineOffset + 1, column: 1 };
  const message = error instanceof Error ? error.message : String(error);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    return { message: cleanJsonMessage(message), line: Number(lineColumn[1]) + lineOffset, column: Number(lineColumn[2]) };
  }
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : findJsonErrorOffset(text);
  if (offset >= text.length) {
    const where = locate(text, text.length);
    return { message: 'JSON ends too early (truncated?)', line: where.line + lineOffset, column: where.column };
  }
  const where = locate(text, Math.max(offset, 0));
  return { message: cleanJsonMessage(message), line: where.line + lineOffset, column: where.column };
}

function cleanJsonMessage(message: string): string {
  // Engines echo a slice of the input into the message; keep our message short and free of hostile text.
  return message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*$/s, '')
    .slice(0, 120);
}

/** Strips a UTF-8 byte-order mark, which JSON.parse rejects. */
function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Parses text as one JSON value, else as JSONL (when at least one line is a JSON object or array),
 * else leaves it as text. Values nested deeper than the import limit are cut (`nestingCuts` says where), so no
 * importer or later step recurses on them. Never throws.
 */
export function parseDocument(input: string): ParsedDocument {
  const text = stripBom(input);
  const trimmed = text.trim();
  let jsonError: ImportIssue | undefined;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const scan = cutDeepNesting(text, SCANNED_DEPTH, true);
    if (scan.trailingAt !== undefined) {
      // More than one value (JSONL, or text after a bracket): JSON.parse would read the first value only to fail there.
      const where = locate(text, scan.trailingAt);
      jsonError = { message: 'Unexpected non-whitespace character after JSON', line: where.line, column: where.column };
    } else {
      try {
        const value: unknown = JSON.parse(scan.text);
        const cuts = limitNesting(value);
        return { kind: 'json', value, text, ...(cuts ? { nestingCuts: [{ message: describeNestingCuts(cuts), path: cuts.firstPath }] } : {}) };
      } catch (error) {
        jsonError = describeJsonError(error, scan.text);
      }
    }
  }
  const { records, rejected, totalLines, deepCandidates } = parseJsonLines(text);
  // JSONL when most non-empty lines are JSON: a damaged JSONL file keeps its good lines, while a text paste that
  // happens to hold one JSON line stays text (and its lines need no error messages).
  if (records.length > 0 && records.length >= rejected.length) {
    const nestingCuts = cutDeepRecords(deepCandidates);
    const badLines = rejected.map(describeRejectedLine);
    return { kind: 'jsonl', records, badLines, totalLines, text, ...(nestingCuts.length > 0 ? { nestingCuts } : {}) };
  }
  return { kind: 'text', text, jsonError };
}

/**
 * Cuts each JSONL record that may nest past the limit; one located issue per record that was cut. A line too short to
 * hold that many brackets (`deepCandidates` keeps the others) is not walked, so a file of many short lines pays nothing.
 */
function cutDeepRecords(records: readonly JsonLine[]): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const record of records) {
    const cuts = limitNesting(record.value);
    if (cuts) issues.push({ message: `Line ${record.line}: ${describeNestingCuts(cuts)}`, line: record.line, path: cuts.firstPath });
  }
  return issues;
}

/** A non-empty line that is not a JSON record: its number, and its text when it opened like JSON. */
interface RejectedLine {
  line: number;
  text?: string;
}

/** A value can only be JSON if it closes the bracket it opens with: a cheap test that spares a throw per text line. */
function closesLikeJson(line: string): boolean {
  const last = line.charCodeAt(line.length - 1);
  return line.startsWith('{') ? last === 0x7d : last === 0x5d;
}

/** The located issue of a line that is not a record, described only once the document is known to be JSONL. */
function describeRejectedLine(rejected: RejectedLine): ImportIssue {
  if (rejected.text === undefined) return { message: 'not a JSON value', line: rejected.line, column: 1 };
  try {
    JSON.parse(rejected.text);
  } catch (error) {
    return describeJsonError(error, rejected.text, rejected.line - 1);
  }
  return { message: 'not a JSON value', line: rejected.line, column: 1 };
}

/**
 * Reads every line that opens like JSON. Lines that are not records are only counted and located here: their error
 * messages are worked out when the document turns out to be JSONL, so a text paste full of lines that open with a
 * bracket (log timestamps, checklists, code) reads at line speed.
 */
function parseJsonLines(text: string): { records: JsonLine[]; rejected: RejectedLine[]; totalLines: number; deepCandidates: JsonLine[] } {
  const records: JsonLine[] = [];
  const deepCandidates: JsonLine[] = [];
  const rejected: RejectedLine[] = [];
  let totalLines = 0;
  let start = 0;
  let lineNumber = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    lineNumber += 1;
    const line = text.slice(start, stop).trim();
    if (line !== '') {
      totalLines += 1;
      const opensLikeJson = line.startsWith('{') || line.startsWith('[');
      if (!opensLikeJson) rejected.push({ line: lineNumber });
      else if (!closesLikeJson(line)) rejected.push({ line: lineNumber, text: line });
      else {
        try {
          const record = { line: lineNumber, value: JSON.parse(cutDeepNesting(line, SCANNED_DEPTH).text) as unknown };
          records.push(record);
          if (line.length > MAX_NESTING_DEPTH * 2) deepCandidates.push(record);
        } catch {
          rejected.push({ line: lineNumber, text: line });
        }
      }
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { records, rejected, totalLines, deepCandidates };
}
