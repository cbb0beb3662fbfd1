import { create } from 'zustand';
import type { RunStatus } from '../../state/run-status';
import type { ResultId } from '../../worker-client/protocol';
import type { ProbeOptions, ProbeReport, ProbeStep } from '../../worker-client/probe-protocol';

/** What a probe run probes: a pass of the result the worker holds under `resultId`. */
export interface ProbeTarget {
  resultId: ResultId;
  pass: number;
}

/** The probe panel's state (in memory only): the options, the run in flight or its outcome, and what it probed. */
export interface ProbeState {
  options: ProbeOptions;
  status: RunStatus;
  /** The call in flight while running. */
  step?: ProbeStep;
  /** Calls finished so far and their known cost (null once any call's cost is unknown). */
  callsDone: number;
  costUsd: number | null;
  report?: ProbeReport;
  /** The report before `report`, kept only when `report` asked the same questions again: the scores to compare with. */
  previous?: ProbeReport;
  /** Counts reports, so a plan that asks the latest report's questions again is keyed by which report they are from. */
  reportNumber: number;
  /** Whether the next run asks the latest report's questions again instead of new ones. */
  isAskingAgain: boolean;
  problem?: string;
  /** The result (by the worker's id) and pass the outcome belongs to: another run or pass hides it. */
  target?: ProbeTarget;
  optionsChanged(options: Partial<ProbeOptions>): void;
  askingAgainChosen(isAskingAgain: boolean): void;
  started(target: ProbeTarget): void;
  stepStarted(step: ProbeStep): void;
  callFinished(costUsd: number | null): void;
  ended(outcome: { report: ProbeReport } | { status: 'failed' | 'cancelled'; problem: string }): void;
}

/** The probe panel's store. */
export const useProbeStore = create<ProbeState>()((set) => ({
  options: { questions: 'model', perKind: 2 },
  status: 'idle',
  callsDone: 0,
  costUsd: 0,
  reportNumber: 0,
  isAskingAgain: false,
  optionsChanged: (options) => set((state) => ({ options: { ...state.options, ...options } })),
  askingAgainChosen: (isAskingAgain) => set({ isAskingAgain }),
  // The last report stays while a run is in flight: its questions may be the ones being asked again.
  started: (target) => set({ status: 'running', target, step: undefined, callsDone: 0, costUsd: 0, problem: undefined }),
  stepStarted: (step) => set({ step }),
  callFinished: (costUsd) => set((state) => ({ callsDone: state.callsDone + 1, costUsd: state.costUsd === null || costUsd === null ? null : state.costUsd + costUsd })),
  ended: (outcome) =>
    set((state) =>
      'report' in outcome
        ? { status: 'done', step: undefined, report: outcome.report, previous: outcome.report.isReused ? state.report : undefined, reportNumber: state.reportNumber + 1 }
        : { status: outcome.status, problem: outcome.problem, step: undefined },
    ),
}));
