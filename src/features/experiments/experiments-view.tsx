import type { ReactNode } from 'react';
import { encodingWords } from './cell-words';
import { DefinitionPanel, type DefinitionPanelProps } from './definition-panel';
import type { BestVerdict, CellKey, ConfigAggregate, FrontierAxis, GridCell } from './experiment-view-types';
import { ExperimentsToolbar, type ExperimentsToolbarProps } from './experiments-toolbar';
import { FrontierChart } from './frontier-chart';
import { ResultsGrid } from './results-grid';
import { RunBar, type RunBarProps } from './run-bar';
import { SharedDefinitionNote } from './shared-definition-note';
import './experiments.css';

/** An experiment's results as the grid and the chart show them. */
export interface ExperimentResults {
  transcripts: readonly string[];
  configs: readonly string[];
  cells: readonly GridCell[];
  aggregates: readonly ConfigAggregate[];
  hasAssertions: boolean;
  frontier: Readonly<Record<FrontierAxis, readonly string[]>>;
  best: BestVerdict;
}

/** What the cells of the grid can do. */
interface CellHandlers {
  comparePick?: CellKey;
  onComparePick(cell: CellKey | undefined): void;
  onCompare(left: CellKey, right: CellKey): void;
  onOpenInInspector(cell: CellKey): void;
  onOpenInSession(cell: CellKey): void;
}

/** Everything the Experiments view shows, as plain data and callbacks. */
export interface ExperimentsViewProps {
  toolbar: ExperimentsToolbarProps;
  shared?: { summary: string; onApply(): void; onDismiss(): void };
  definition: DefinitionPanelProps;
  run: RunBarProps;
  results?: ExperimentResults;
  cells: CellHandlers;
  /** The two runs compared, drawn by the app (the Diff's two sides and metric table) below the grid. */
  comparison?: ReactNode;
}

/** The Experiments view: toolbar, definition, run bar, then the grid, the frontier and any comparison. */
export function ExperimentsView({ toolbar, shared, definition, run, results, cells, comparison }: ExperimentsViewProps) {
  return (
    <div className="experiments-view">
      <h2>Experiments</h2>
      <p className="muted experiments-intro">Run several configs over several transcripts, judge each cell by your assertions, and find the config that keeps the most at the smallest size or cost.</p>
      <ExperimentsToolbar {...toolbar} />
      {shared && <SharedDefinitionNote {...shared} />}
      <DefinitionPanel {...definition} />
      <RunBar {...run} />
      {results && results.cells.length > 0 ? (
        <section className="experiment-results" aria-label="Experiment results">
          <ResultsGrid
            transcripts={results.transcripts}
            configs={results.configs}
            cells={results.cells}
            aggregates={results.aggregates}
            hasAssertions={results.hasAssertions}
            comparePick={cells.comparePick}
            onComparePick={cells.onComparePick}
            onCompare={cells.onCompare}
            onOpenInInspector={cells.onOpenInInspector}
            onOpenInSession={cells.onOpenInSession}
          />
          <FrontierChart aggregates={results.aggregates} cells={results.cells} frontier={results.frontier} best={results.best} basis={encodingWords(results.cells)} isRunning={run.isRunning} />
          {comparison}
        </section>
      ) : (
        <p className="empty-hint experiment-no-results">No results yet: choose transcripts and configs above and press Run experiment, or import the output of compaction-lab eval --jsonl.</p>
      )}
    </div>
  );
}
