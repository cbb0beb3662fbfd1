import { checkAssertions, parseAssertion, type Assertion } from './assertions';
import { bestConfig, frontier, noBestReason, summarizeConfigs } from './aggregate';
import { readCellLine, readLegacyRow } from './read-cell';
import { readDefinition } from './read-definition';
import type { AssertionResult, CellRow, ExperimentDefinition } from './experiment-types';
import type { SkippedFile } from '../../worker-client/experiment-protocol';

export type { SkippedFile } from '../../worker-client/experiment-protocol';

/** The `summary` line: each config summarized, the frontiers, and the best config or why there is none. */
function summaryLine(definition: ExperimentDefinition, rows: readonly CellRow[]): Record<string, unknown> {
  const configs = summarizeConfigs(rows, definition);
  const best = bestConfig(configs);
  return { type: 'summary', configs, frontier: { contextAfter: frontier(configs, 'contextAfter'), costUsd: frontier(configs, 'costUsd') }, best, ...(best ? {} : { noBest: noBestReason(configs) }) };
}

/** The definition's assertions, parsed (one that does not parse is left out: it was refused where it was written). */
function assertionsOf(definition: ExperimentDefinition): Assertion[] {
  return definition.assertions.flatMap((text) => {
    const parsed = parseAssertion(text);
    return 'error' in parsed ? [] : [parsed];
  });
}

/** The header line of an experiment's JSONL: `{"type":"experiment", …definition}`. */
export function experimentHeaderLine(definition: ExperimentDefinition): string {
  return JSON.stringify({ type: 'experiment', ...definition });
}

/** One cell's line: `{"type":"cell", …row, "assertions": […]}` (each assertion checked on the row when not given). */
export function experimentCellLine(definition: ExperimentDefinition, row: CellRow, results?: readonly AssertionResult[]): string {
  return JSON.stringify({ type: 'cell', ...row, assertions: results ?? checkAssertions(row, assertionsOf(definition)) });
}

/** The summary line, the last of an experiment's JSONL. */
export function experimentSummaryLine(definition: ExperimentDefinition, rows: readonly CellRow[]): string {
  return JSON.stringify(summaryLine(definition, rows));
}

/** A skipped transcript's line: `{"type":"skipped", file, reason}`. */
export function skippedLine(entry: SkippedFile): string {
  return JSON.stringify({ type: 'skipped', file: entry.file, reason: entry.reason });
}

/**
 * An experiment as JSON Lines, the one format of the CLI's `eval --jsonl` and the Experiments view's export: the
 * definition, one line per cell with its assertion results (`assertionResults[i]` for `rows[i]`, checked here when
 * absent), then the summary. Ends with a newline.
 */
export function writeExperimentJsonl(definition: ExperimentDefinition, rows: readonly CellRow[], assertionResults?: readonly (readonly AssertionResult[])[]): string {
  const lines = [experimentHeaderLine(definition), ...rows.map((row, index) => experimentCellLine(definition, row, assertionResults?.[index])), experimentSummaryLine(definition, rows)];
  return `${lines.join('\n')}\n`;
}

/** An experiment read back: its definition, its cells, and the transcripts that could not be imported. */
export interface ReadExperiment {
  definition: ExperimentDefinition;
  rows: CellRow[];
  skipped: SkippedFile[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two headers describe the same experiment when all but their transcripts agree (shards of one run). */
function sameExperiment(first: ExperimentDefinition, second: ExperimentDefinition): boolean {
  const { transcripts: _first, ...restFirst } = first;
  const { transcripts: _second, ...restSecond } = second;
  return JSON.stringify(restFirst) === JSON.stringify(restSecond);
}

/** The definition `eval --jsonl` output written before experiments implies: replay mode, each config by name only. */
function impliedDefinition(rows: readonly CellRow[], skipped: readonly SkippedFile[]): ExperimentDefinition {
  const configs = [...new Set(rows.map((row) => row.config))].map((name) => ({ name }));
  const files = [...new Set([...rows.map((row) => row.file), ...skipped.map((entry) => entry.file)])];
  return { version: 1, mode: 'replay', configs, assertions: [], transcripts: files.map((name) => ({ name, sha256: '', sizeBytes: null })) };
}

/**
 * Reads an experiment's JSONL back: the format `writeExperimentJsonl` writes (concatenated shards of one experiment
 * merge: their headers must agree but for their transcripts), and `eval --jsonl` output written before experiments
 * (`row` and `skipped` lines with no header: replay mode, configs named by their rows' `config`, no document, files
 * without hashes). Summary lines are recomputed from the cells, not trusted. Never throws: an error names the line
 * and what is wrong with it.
 */
export function readExperimentJsonl(text: string): ReadExperiment | { error: string } {
  let definition: ExperimentDefinition | undefined;
  const rows: CellRow[] = [];
  const skipped: SkippedFile[] = [];
  let hasLegacyRows = false;
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return { error: `${where}: not JSON (${error instanceof Error ? error.message : String(error)})` };
    }
    if (!isRecord(value) || typeof value.type !== 'string') return { error: `${where}: not an experiment line: each line is an object with a "type" (experiment, cell, summary, row or skipped)` };
    if (value.type === 'experiment') {
      const read = readDefinition(value);
      if ('error' in read) return { error: `${where}: ${read.error}` };
      if (definition && !sameExperiment(definition, read)) return { error: `${where}: a second experiment line that differs from the first in its mode, configs or assertions: one file holds one experiment` };
      const known = new Set(definition?.transcripts.map((ref) => `${ref.name}\u0000${ref.run ?? ''}`));
      definition = definition ? { ...definition, transcripts: [...definition.transcripts, ...read.transcripts.filter((ref) => !known.has(`${ref.name}\u0000${ref.run ?? ''}`))] } : read;
    } else if (value.type === 'cell' || value.type === 'row') {
      const read = value.type === 'cell' ? readCellLine(value) : readLegacyRow(value);
      if ('error' in read) return { error: `${where}: ${read.error}` };
      if (value.type === 'cell' && !definition) return { error: `${where}: a cell before the experiment line: the file's first line names the experiment` };
      if (definition && !definition.configs.some((config) => config.name === read.row.config)) return { error: `${where}: the cell's config "${read.row.config}" is not one of the experiment's configs` };
      hasLegacyRows ||= value.type === 'row';
      rows.push(read.row);
    } else if (value.type === 'skipped') {
      if (typeof value.file !== 'string' || typeof value.reason !== 'string') return { error: `${where}: a skipped line needs "file" and "reason" as text` };
      skipped.push({ file: value.file, reason: value.reason });
    } else if (value.type !== 'summary') {
      return { error: `${where}: unknown line type "${value.type}"; known: experiment, cell, summary, row, skipped` };
    }
  }
  if (definition && hasLegacyRows) return { error: 'the file mixes an experiment line with eval rows of the older format: read them as two files' };
  if (!definition && rows.length === 0 && skipped.length === 0) return { error: 'no experiment in the file: it holds no lines' };
  return { definition: definition ?? impliedDefinition(rows, skipped), rows, skipped };
}
