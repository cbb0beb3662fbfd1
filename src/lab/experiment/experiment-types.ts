/**
 * An experiment's types (issue 29). They cross the worker boundary — the page shows cells and rows, the lab computes
 * them — so they are declared once, in the worker contract (`src/worker-client/experiment-protocol.ts`, types only),
 * and the lab reads them from there.
 */
export type { AssertionResult, CellFigures, CellHead, CellRow, ExperimentConfig, ExperimentDefinition, ExperimentMode, ExperimentTranscriptRef } from '../../worker-client/experiment-protocol';
