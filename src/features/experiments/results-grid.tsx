import { AggregateRow } from './aggregate-row';
import { encodingWords } from './cell-words';
import type { CellActions } from './cell-menu';
import type { CellKey, ConfigAggregate, GridCell } from './experiment-view-types';
import { ResultCell } from './result-cell';

/** What the grid shows and what its cells can do. */
export interface ResultsGridProps {
  transcripts: readonly string[];
  configs: readonly string[];
  cells: readonly GridCell[];
  aggregates: readonly ConfigAggregate[];
  hasAssertions: boolean;
  /** The first cell picked for a comparison, waiting for its second. */
  comparePick?: CellKey;
  onOpenInInspector?(cell: CellKey): void;
  onOpenInSession?(cell: CellKey): void;
  onCompare?(left: CellKey, right: CellKey): void;
  onComparePick?(cell: CellKey | undefined): void;
}

const sameCell = (a: CellKey | undefined, b: CellKey): boolean => a !== undefined && a.transcript === b.transcript && a.config === b.config;

/** The basis of the grid's figures, said once under it. */
function basisWords(cells: readonly GridCell[]): string {
  return `Context after: context tokens, ${encodingWords(cells)} (system prompt and tools the source did not store); in replay mode, the session's peak. Need-weighted retention: of the compacted facts used again later, the share kept. Cost: summarizer calls in compaction mode, the policy's whole bill with caching in replay mode.`;
}

/** One row per transcript, one column per config, and the aggregate row: a real table, each finished cell a menu button. */
export function ResultsGrid(props: ResultsGridProps) {
  const { transcripts, configs, cells, aggregates, hasAssertions, comparePick } = props;
  const actionsFor = (key: CellKey): CellActions => {
    const isFirst = sameCell(comparePick, key);
    return {
      onOpenInInspector: props.onOpenInInspector && (() => props.onOpenInInspector?.(key)),
      onOpenInSession: props.onOpenInSession && (() => props.onOpenInSession?.(key)),
      compareLabel: comparePick && !isFirst ? `Compare with ${comparePick.transcript} under ${comparePick.config}` : isFirst ? 'Cancel the comparison' : 'Compare…',
      onCompare:
        props.onCompare &&
        (() => {
          if (isFirst) props.onComparePick?.(undefined);
          else if (comparePick) props.onCompare?.(comparePick, key);
          else props.onComparePick?.(key);
        }),
    };
  };
  return (
    <div className="results-grid-frame">
      <table className="results-grid" aria-label="Experiment results">
        <caption>One row per transcript, one column per config; choose a finished cell to open its run or compare it.</caption>
        <thead>
          <tr>
            <th scope="col">Transcript</th>
            {configs.map((config) => (
              <th key={config} scope="col">
                {config}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {transcripts.map((transcript) => (
            <tr key={transcript}>
              <th scope="row">{transcript}</th>
              {configs.map((config) => {
                const cell = cells.find((candidate) => candidate.transcript === transcript && candidate.config === config) ?? { transcript, config, status: 'waiting' as const, assertions: [] };
                const key = { transcript, config };
                return <ResultCell key={config} cell={cell} actions={actionsFor(key)} isPicked={sameCell(comparePick, key)} />;
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <AggregateRow aggregates={aggregates} configs={configs} hasAssertions={hasAssertions} />
        </tfoot>
      </table>
      {comparePick && (
        <p role="status" className="compare-pick">
          Comparing {comparePick.transcript} under {comparePick.config}: choose a second cell and “Compare with…”.
        </p>
      )}
      <p className="muted grid-basis">{basisWords(cells)}</p>
    </div>
  );
}
