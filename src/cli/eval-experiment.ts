import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { bestConfig, frontier, noBestReason, summarizeConfigs, type ConfigSummary } from '../lab/experiment/aggregate';
import { checkAssertions, parseAssertion, type Assertion } from '../lab/experiment/assertions';
import type { AssertionResult, CellRow, ExperimentDefinition, ExperimentMode, ExperimentTranscriptRef } from '../lab/experiment/experiment-types';
import { UsageError, type CommandLine } from './arguments';
import type { EvalPolicy } from './eval-protocol';
import { formatCost, percent, tableLines } from './replay-table';
import { quoted } from './terminal-text';
import { numberFormat } from './number-format';

const modes: readonly ExperimentMode[] = ['replay', 'compaction'];

/** `--mode compaction|replay`, replay when absent (eval as it always was). */
export function readMode(value: string | true | undefined): ExperimentMode {
  if (value === undefined) return 'replay';
  const mode = modes.find((candidate) => candidate === value);
  if (!mode) throw new UsageError(`--mode takes compaction or replay, not ${value === true ? 'nothing' : quoted(value, 20)}`);
  return mode;
}

/** Every `--assert`, parsed; the first that does not parse is a usage error naming it (exit 2, nothing ran). */
export function readAssertions(line: CommandLine): Assertion[] {
  return line.asserts.map((text) => {
    const parsed = parseAssertion(text);
    if ('error' in parsed) throw new UsageError(`--assert: ${parsed.error}`);
    return parsed;
  });
}

/** Each file by name, SHA-256 of its bytes and size: what an experiment keeps of a transcript. A file that cannot be read has no hash. */
async function transcriptRef(file: string): Promise<ExperimentTranscriptRef> {
  const bytes = await readFile(file).catch(() => undefined);
  return { name: file, sha256: bytes ? createHash('sha256').update(bytes).digest('hex') : '', sizeBytes: bytes ? bytes.byteLength : null };
}

/** The experiment `eval` runs: its mode, its configs (each `--config` file and its document), its assertions, its files. */
export async function evalDefinition(mode: ExperimentMode, policies: readonly EvalPolicy[], assertions: readonly Assertion[], files: readonly string[]): Promise<ExperimentDefinition> {
  const transcripts: ExperimentTranscriptRef[] = [];
  for (const file of files) transcripts.push(await transcriptRef(file));
  return { version: 1, mode, configs: policies.map((policy) => ({ name: policy.name, document: policy.document })), assertions: assertions.map((assertion) => assertion.text), transcripts };
}

/** Cells in a fixed order — file, run, config in `--config` order — so the output does not depend on the threads. */
export function orderedCells(cells: readonly CellRow[], files: readonly string[], definition: ExperimentDefinition): CellRow[] {
  const fileOrder = new Map(files.map((file, index) => [file, index]));
  const configOrder = new Map(definition.configs.map((config, index) => [config.name, index]));
  return [...cells].sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || (a.run ?? 0) - (b.run ?? 0) || (configOrder.get(a.config) ?? 0) - (configOrder.get(b.config) ?? 0));
}

/** The experiment judged: each cell's assertion results, each config's summary, the frontiers and the best config. */
export interface EvalJudgement {
  results: AssertionResult[][];
  configs: ConfigSummary[];
  frontier: { contextAfter: string[]; costUsd: string[] };
  best: { config: string; why: string } | null;
  noBest?: string;
}

/** Judges the cells: each one's assertion results, each config summarized, the frontiers and the best config (or why none). */
export function judge(definition: ExperimentDefinition, cells: readonly CellRow[], assertions: readonly Assertion[]): EvalJudgement {
  const configs = summarizeConfigs(cells, definition);
  const best = bestConfig(configs);
  return {
    results: cells.map((cell) => checkAssertions(cell, assertions)),
    configs,
    frontier: { contextAfter: frontier(configs, 'contextAfter'), costUsd: frontier(configs, 'costUsd') },
    best,
    ...(best ? {} : { noBest: noBestReason(configs) }),
  };
}

/** The one stderr line when an assertion failed: which, under which config, on how many cells (and how many others failed); undefined when none did. */
export function assertionFailureLine(configs: readonly ConfigSummary[]): string | undefined {
  const failures = configs.flatMap((summary) => summary.assertions.filter((tally) => tally.failed > 0).map((tally) => ({ summary, tally })));
  if (failures.length === 0) return undefined;
  const [{ summary, tally }] = failures;
  const more = failures.length > 1 ? `; ${failures.length - 1} more assertion${failures.length === 2 ? '' : 's'} failed under some config` : '';
  return `assertion ${tally.assertion} failed under ${summary.config} on ${tally.failed} of ${summary.cells} cells${more}`;
}

const count = numberFormat({ maximumFractionDigits: 1 });
const orDash = (value: number | null, show: (value: number) => string): string => (value === null ? '—' : show(value));

/** `eval --mode compaction`'s table: each config's means over its cells, its assertion pass rates, and the best config. */
export function formatCompactionTable(judgement: EvalJudgement, files: number, skipped: readonly { file: string; reason: string }[], cells: readonly CellRow[]): string {
  const header = ['mean over cells (count)', ...judgement.configs.map((summary) => summary.config)];
  const figure = (label: string, key: keyof ConfigSummary['figures'], show: (value: number) => string): string[] => [label, ...judgement.configs.map((summary) => `${orDash(summary.figures[key].mean, show)} (${summary.figures[key].count})`)];
  const rows = [
    ['cells that ran', ...judgement.configs.map((summary) => `${summary.cells - summary.failedCells} of ${summary.cells}`)],
    figure('context before (context tokens)', 'contextBefore', count.format),
    figure('context after (context tokens)', 'contextAfter', count.format),
    figure('context after ÷ window', 'windowShareAfter', percent),
    figure('need-weighted retention (where measured)', 'needWeighted', percent),
    figure('compacted (1) or not (0)', 'compactions', count.format),
    figure('summarizer calls', 'summarizerCalls', count.format),
    figure('cost of the summarizer calls', 'costUsd', formatCost),
    ...(judgement.configs[0]?.assertions ?? []).map((tally, index) => [`assert ${tally.assertion}: passed / judged (not measurable)`, ...judgement.configs.map((summary) => `${summary.assertions[index].passed} / ${summary.assertions[index].passed + summary.assertions[index].failed} (${summary.assertions[index].notMeasurable})`)]),
  ];
  const lines = [`eval --mode compaction: ${files} transcript file${files === 1 ? '' : 's'}, one compaction each under ${judgement.configs.length} config${judgement.configs.length === 1 ? '' : 's'}; ${skipped.length} skipped`, 'context tokens: exact counts plus the unstored overhead, as `compact` states them', '', ...tableLines(header, rows), ''];
  lines.push(judgement.best ? `best: ${judgement.best.config} — ${judgement.best.why}` : `best: none — ${judgement.noBest ?? ''}`);
  if (skipped.length > 0) lines.push('', 'skipped (could not be imported):', ...skipped.map((entry) => `  ${entry.file}: ${entry.reason}`));
  const failed = cells.flatMap((cell) => (cell.ok ? [] : [cell]));
  if (failed.length > 0) lines.push('', 'cells that did not run:', ...failed.map((cell) => `  ${cell.file}${cell.run === undefined ? '' : ` (run ${cell.run})`} under ${cell.config}: ${cell.error}`));
  return lines.join('\n');
}
