import { checkAssertions, parseAssertion, type Assertion } from './assertions';
import type { AssertionTally, ConfigSummary, FigureSummary } from '../../worker-client/experiment-protocol';
import type { CellRow, ExperimentDefinition } from './experiment-types';

export type { ConfigSummary } from '../../worker-client/experiment-protocol';

/** The numeric figures a config is summarized on. */
const summaryFigures = ['contextBefore', 'contextAfter', 'windowShareAfter', 'needWeighted', 'compactions', 'summarizerCalls', 'costUsd'] as const;

/** A figure a config is summarized on. */
type SummaryFigure = (typeof summaryFigures)[number];

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarizeFigure(values: readonly number[]): FigureSummary {
  const sorted = [...values].sort((a, b) => a - b);
  return { mean: values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length, median: median(sorted), count: values.length };
}

/** The definition's assertions that parse (a definition read from a file was checked on reading). */
function parsedAssertions(definition: ExperimentDefinition): Assertion[] {
  return definition.assertions.flatMap((text) => {
    const parsed = parseAssertion(text);
    return 'error' in parsed ? [] : [parsed];
  });
}

/** Each config of the definition (in its order) summarized over its cells: figures, assertion tallies, pass or not. */
export function summarizeConfigs(rows: readonly CellRow[], definition: ExperimentDefinition): ConfigSummary[] {
  const assertions = parsedAssertions(definition);
  return definition.configs.map(({ name }): ConfigSummary => {
    const mine = rows.filter((row) => row.config === name);
    const ran = mine.flatMap((row) => (row.ok ? [row] : []));
    const figures = Object.fromEntries(
      summaryFigures.map((figure) => [figure, summarizeFigure(ran.flatMap((row) => (row[figure] === null ? [] : [row[figure]])))]),
    ) as Record<SummaryFigure, FigureSummary>;
    const results = mine.map((row) => checkAssertions(row, assertions));
    const tallies = assertions.map((assertion, index): AssertionTally => {
      const outcomes = results.map((result) => result[index].pass);
      const passed = outcomes.filter((pass) => pass === true).length;
      const failed = outcomes.filter((pass) => pass === false).length;
      return { assertion: assertion.text, passed, failed, notMeasurable: outcomes.length - passed - failed, passRate: passed + failed === 0 ? null : passed / (passed + failed) };
    });
    const cellsPassingAll = mine.filter((row, index) => row.ok && results[index].every((result) => result.pass === true)).length;
    const failedCells = mine.length - ran.length;
    const passesAll = mine.length > 0 && failedCells === 0 && tallies.every((tally) => tally.failed === 0 && tally.passed > 0);
    return { config: name, cells: mine.length, failedCells, figures, assertions: tallies, cellsPassingAll, passesAll };
  });
}

/**
 * The configs no other config beats on both counts — a lower (or equal) mean `x` and a higher (or equal) mean
 * need-weighted retention, better on one — in order of `x`. Configs without both means (retention never measured,
 * a cost unknown) are left out.
 */
export function frontier(summaries: readonly ConfigSummary[], x: 'contextAfter' | 'costUsd'): string[] {
  const points = summaries.flatMap((summary) => {
    const [size, retention] = [summary.figures[x].mean, summary.figures.needWeighted.mean];
    return size === null || retention === null ? [] : [{ config: summary.config, size, retention }];
  });
  const isBeaten = (point: (typeof points)[number]): boolean =>
    points.some((other) => other !== point && other.size <= point.size && other.retention >= point.retention && (other.size < point.size || other.retention > point.retention));
  return points.filter((point) => !isBeaten(point)).sort((a, b) => a.size - b.size).map((point) => point.config);
}

/** Lower is better; a null (unknown) ranks after every number. */
const ascending = (a: number | null, b: number | null): number => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

/** Higher mean need-weighted retention first; within a thousandth is a tie; never measured ranks last. */
function byRetention(a: ConfigSummary, b: ConfigSummary): number {
  const [first, second] = [a.figures.needWeighted.mean, b.figures.needWeighted.mean];
  if (first === null || second === null) return ascending(first === null ? null : -first, second === null ? null : -second);
  return Math.abs(first - second) <= 0.001 ? 0 : second - first;
}

/**
 * The best config among those with no assertion failing on any cell (`passesAll`; cells where one is not measurable are
 * named in the words, never counted as passes): the highest mean need-weighted
 * retention; ties (within a thousandth) go to the smaller mean context after, then the lower mean cost, then the
 * earlier config. Null, with the reason in words, when none passes.
 */
export function bestConfig(summaries: readonly ConfigSummary[]): { config: string; why: string } | null {
  const passing = summaries.filter((summary) => summary.passesAll);
  if (passing.length === 0) return null;
  const ranked = [...passing].sort((a, b) => byRetention(a, b) || ascending(a.figures.contextAfter.mean, b.figures.contextAfter.mean) || ascending(a.figures.costUsd.mean, b.figures.costUsd.mean));
  const [best] = ranked;
  const others = passing.length - 1;
  const mean = best.figures.needWeighted.mean;
  const kept = mean === null ? 'need-weighted retention was never measured' : `mean need-weighted retention ${(mean * 100).toFixed(1)}%`;
  const among = others === 0 ? 'the only config with no assertion failing on any cell' : `the best of ${passing.length} configs with no assertion failing on any cell`;
  // A cell where an assertion could not be measured is no pass: say on how many it was not.
  const unmeasured = best.assertions.filter((tally) => tally.notMeasurable > 0).map((tally) => `${tally.assertion} not measurable on ${tally.notMeasurable} of ${best.cells} cells`);
  const caveat = unmeasured.length > 0 ? ` (${unmeasured.join('; ')})` : '';
  return { config: best.config, why: `${among}${caveat}: ${kept}, mean context after ${Math.round(best.figures.contextAfter.mean ?? 0).toLocaleString('en-US')} tokens` };
}

/** Why no config is best, in words: which configs failed what. */
export function noBestReason(summaries: readonly ConfigSummary[]): string {
  if (summaries.length === 0) return 'the experiment has no configs';
  const reasons = summaries.map((summary) => {
    if (summary.cells === 0) return `${summary.config}: no cells`;
    if (summary.failedCells > 0) return `${summary.config}: ${summary.failedCells} of ${summary.cells} cells did not run`;
    const failed = summary.assertions.filter((tally) => tally.failed > 0).map((tally) => `${tally.assertion} failed on ${tally.failed} cells`);
    const never = summary.assertions.filter((tally) => tally.passed + tally.failed === 0).map((tally) => `${tally.assertion} never measurable`);
    return `${summary.config}: ${[...failed, ...never].join(', ')}`;
  });
  return `no config passes every assertion on every cell (${reasons.join('; ')})`;
}
