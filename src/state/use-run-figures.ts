import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  contextFigure, runOutcome, type CompactionEvent, type ContextBasis, type ContextFigure, type OutcomeFlag,
  type PassSnapshot, type RunContext, type RunResult,
} from '../engine';
import type { ConfigLimits } from '../worker-client/protocol';
import { useRunStore } from './run-store';
import { useContextBasis, useLastHeldCount, useTotalTokens, useUsageFit } from './selectors';
import { useLabStore } from './store';
import { useConfigCheck } from './use-config-check';
import { useInspection } from './use-inspection';
import { usePassBreakdowns } from './use-pass-breakdowns';

/** One state of the shown run — the original (pass 0) or the state after pass k — on the page's basis. */
export interface StateFigure {
  pass: number;
  /** Exact tokens of what the state holds, in the page's encoding; undefined while counting. */
  content?: number;
  /** Context tokens: the content plus the unstored overhead (or calibrated), undefined while counting. */
  context?: ContextFigure;
  /** What the profile's gate saw of this state, by its own estimate (the original: before pass 1). */
  gateSaw?: number;
  /** The pass replaced nothing (see the engine's `no-op` flag). */
  isNoOp: boolean;
}

/** The shown transcript's run as every view states it: one basis, one window, one outcome. */
export interface RunFigures {
  basis: ContextBasis;
  /** The window shares are of: the run's own window, else the page's. */
  window: number;
  /** The original, then each pass. Without a run, the original alone. */
  states: StateFigure[];
  /** The limits of the config the shown run ran with (absent before a run, or while they are checked). */
  limits?: ConfigLimits;
  /** The run's context and outcome flags, once it finished and is counted on this basis. */
  outcome?: { context?: RunContext; flags: OutcomeFlag[] };
  /** True when the shown run belongs to the selected transcript. */
  hasRun: boolean;
}

const noSnapshots: PassSnapshot[] = [];

/** The shown run's pieces, only while it belongs to the selected transcript. */
function useShownRun() {
  const { transcriptKey: shownTranscriptKey, hasRun: isThisRun, isRunning, result, resultId, runConfig, openedContext, startedFrom } = useInspection();
  const { runEncoding, events } = useRunStore(useShallow((state) => ({ runEncoding: state.runEncoding, events: state.events })));
  const snapshots = useMemo(
    () => (isThisRun ? (result?.passes ?? (isRunning ? events.flatMap((event) => (event.type === 'pass-end' ? [event.snapshot] : [])) : noSnapshots)) : noSnapshots),
    [isThisRun, result, isRunning, events],
  );
  // What the gate compared first: two-tier's gate sees the context after microcompaction, rolling-summary's the older turns.
  const gateSawFirst = useMemo(() => (isThisRun ? firstGateTokens(events) : undefined), [isThisRun, events]);
  return { shownTranscriptKey, isThisRun, result, resultId, runConfig, runEncoding, snapshots, gateSawFirst, isOpenedContext: openedContext !== undefined, isFromLastHeld: startedFrom !== undefined };
}

/** The tokens the run's first gate compared, by the profile's own estimate; undefined before it decided. */
export function firstGateTokens(events: readonly CompactionEvent[]): number | undefined {
  for (const event of events) if (event.type === 'gate') return event.tokens;
  return undefined;
}

/** Exact content of every state: from the run's own counts when made in the page's encoding, else from the worker's breakdowns. */
function contentCounts(snapshots: readonly PassSnapshot[], runEncodingMatches: boolean, breakdownTotals: readonly number[], original: number | undefined): (number | undefined)[] {
  const counts: (number | undefined)[] = [original];
  snapshots.forEach((snapshot, index) => counts.push(runEncodingMatches ? snapshot.exact?.after : breakdownTotals[index + 1]));
  return counts;
}

/**
 * Every token figure of the shown transcript and its run on the page's one basis: exact content plus the unstored
 * overhead (or calibrated), the share of one window, what the gate saw beside it, no-op passes, and whether the run's
 * success holds on the exact figures. The original's figure is the header's.
 */
export function useRunFigures(): RunFigures {
  const basis = useContextBasis();
  // Until the exact count has fitted the overhead, no figure can be stated on the basis: they show as counting.
  const isFitted = useUsageFit() !== undefined;
  const encoding = useLabStore((state) => state.encoding);
  const pageWindow = useLabStore((state) => state.contextWindow);
  const total = useTotalTokens();
  const { shownTranscriptKey, isThisRun, result, resultId, runConfig, runEncoding, snapshots, gateSawFirst, isOpenedContext, isFromLastHeld } = useShownRun();
  const lastHeld = useLastHeldCount();
  // A run counted in another encoding than the page's now is recounted by the worker's breakdowns instead.
  const runEncodingMatches = runEncoding === undefined || runEncoding === encoding;
  const { breakdowns } = usePassBreakdowns(shownTranscriptKey, encoding, resultId, !runEncodingMatches && result !== undefined);
  const { validation } = useConfigCheck(runConfig);
  const limits = validation?.ok ? validation.limits : undefined;
  return useMemo(() => {
    // A replayed compaction's original is its input context, not the session on screen: its own exact count, or the
    // worker's. A run from the context the agent last held starts from that context, counted beside the header's figure.
    const originalContent = isFromLastHeld
      ? lastHeld?.total
      : isOpenedContext ? (runEncodingMatches ? result?.exact?.before : breakdowns[0]?.total) : total.isExact ? total.tokenCount : undefined;
    const original = isFitted ? originalContent : undefined;
    const counts = contentCounts(snapshots, runEncodingMatches, breakdowns.map((breakdown) => breakdown.total), original);
    const states: StateFigure[] = counts.map((content, pass) => ({
      pass,
      content,
      context: content === undefined || !isFitted ? undefined : contextFigure(basis, content),
      gateSaw: pass === 0 ? (gateSawFirst ?? snapshots[0]?.tokensBefore) : snapshots[pass - 1].tokensAfter,
      isNoOp: pass > 0 && snapshots[pass - 1].flags.includes('no-op'),
    }));
    // The window the run ran under (the page's when its config sets none): a context over it would be refused.
    const window = limits?.window ?? pageWindow;
    const outcome = result && counts.every((count) => count !== undefined) ? runOutcome(onPageEncoding(result, counts as number[]), basis, { ...limits, window }) : undefined;
    return { basis, window, states, limits, outcome, hasRun: isThisRun };
  }, [total.isExact, total.tokenCount, isOpenedContext, isFromLastHeld, lastHeld, isFitted, snapshots, runEncodingMatches, breakdowns, basis, gateSawFirst, result, limits, pageWindow, isThisRun]);
}

/** The result with its exact counts taken from the page's encoding, so the outcome is judged on the basis shown. */
function onPageEncoding(result: RunResult, counts: readonly number[]): RunResult {
  if (!result.exact) return result;
  return { ...result, exact: { ...result.exact, before: counts[0], after: counts[counts.length - 1] } };
}
