import type { FormatId, Transcript } from '../transcript/model';
import type { ImportIssue } from './import-report';
import type { ParsedDocument } from './parse-document';

/** What an importer hands back: the runs it found plus located problems. The registry builds the report around it. */
export interface ImporterOutput {
  /** One transcript per run; a file with several runs (an evaluation JSONL) yields several. */
  transcripts: Transcript[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** Context passed to every importer. */
export interface ImportContext {
  fileName?: string;
}

/**
 * One source format. `detect` looks at structure only (never the file name) and must be cheap;
 * `read` never throws on bad input: it returns what it could read and says what it could not.
 */
export interface Importer {
  id: FormatId;
  /** Human name shown in the UI, e.g. "Claude Code session (JSONL)". */
  label: string;
  detect(parsed: ParsedDocument): boolean;
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput;
  /** Heuristic formats report low confidence. */
  confidence?: 'high' | 'low';
}
