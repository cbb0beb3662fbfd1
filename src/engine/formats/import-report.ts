import type { FormatId, Transcript } from '../transcript/model';

/** A located problem found while importing. `line`/`column` are 1-based; `path` is a JSON path like `messages[3].content`. */
export interface ImportIssue {
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

/** Where a record sits in the source, for a located issue: an import issue without its message. */
export type SourceLocation = Omit<ImportIssue, 'message'>;

/** Everything an import learned about its input, good or bad. Always returned, never thrown. */
export interface ImportReport {
  /** The detected format, or null when nothing matched (then `triedFormats` says what was tried). */
  format: FormatId | null;
  formatLabel: string;
  /** Low for heuristic formats such as a plain-text paste. */
  confidence: 'high' | 'low';
  /** Problems that lost data or stopped the import. */
  errors: ImportIssue[];
  /** Oddities that lost nothing (unknown record types, duplicate ids, …). */
  warnings: ImportIssue[];
  /** JSONL lines that could not be parsed and were skipped. */
  skippedLines: number;
  totalLines?: number;
  /** Labels of every format the sniffer tried, filled when none matched. */
  triedFormats?: string[];
}

/** The outcome of importing one input: zero or more runs (transcripts) and the report. */
export interface ImportResult {
  transcripts: Transcript[];
  report: ImportReport;
}
