import { formatInteger, formatPercent } from '../../ui/format';
import { costWords } from './cell-words';
import type { ConfigAggregate, FigureSpread } from './experiment-view-types';

function tokens(spread: FigureSpread): string {
  return spread.mean === null || spread.median === null ? '—' : `mean ${formatInteger(Math.round(spread.mean))}, median ${formatInteger(Math.round(spread.median))} tokens`;
}

function retention(spread: FigureSpread): string {
  return spread.mean === null || spread.median === null ? '— (never measured)' : `mean ${formatPercent(spread.mean)}, median ${formatPercent(spread.median)}`;
}

/** A config's pass rate in words: cells passing every assertion of those it had, and the failing assertions named. */
function passRateWords(aggregate: ConfigAggregate, hasAssertions: boolean): string {
  if (aggregate.cells === 0) return 'no cells yet';
  const ran = aggregate.failedCells > 0 ? ` (${aggregate.failedCells} did not run)` : '';
  if (!hasAssertions) return `${aggregate.cells - aggregate.failedCells} of ${aggregate.cells} cells ran${ran}; no assertions to pass`;
  const rate = formatPercent(aggregate.cellsPassingAll / aggregate.cells);
  const tallies = aggregate.assertions.map((tally) => `${tally.assertion}: ${tally.passed} passed, ${tally.failed} failed${tally.notMeasurable > 0 ? `, ${tally.notMeasurable} not measurable` : ''}`);
  return `pass rate ${rate}: ${aggregate.cellsPassingAll} of ${aggregate.cells} cells pass every assertion${ran}; ${tallies.join('; ')}`;
}

/** The grid's last row: each config over every transcript (mean, median, pass rate). */
export function AggregateRow({ aggregates, configs, hasAssertions }: { aggregates: readonly ConfigAggregate[]; configs: readonly string[]; hasAssertions: boolean }) {
  return (
    <tr className="aggregate-row">
      <th scope="row">All transcripts</th>
      {configs.map((config) => {
        const aggregate = aggregates.find((candidate) => candidate.config === config);
        if (!aggregate) return <td key={config}>—</td>;
        return (
          <td key={config} data-testid={`aggregate-${config}`}>
            <span className="cell-figure">Context after {tokens(aggregate.figures.contextAfter)}</span>
            <span className="cell-figure">Need-weighted retention {retention(aggregate.figures.needWeighted)}</span>
            <span className="cell-figure">Mean cost {costWords(aggregate.figures.costUsd.mean)}</span>
            <span className={`cell-figure ${aggregate.passesAll ? 'is-pass' : hasAssertions ? 'is-fail' : ''}`}>{passRateWords(aggregate, hasAssertions)}</span>
          </td>
        );
      })}
    </tr>
  );
}
