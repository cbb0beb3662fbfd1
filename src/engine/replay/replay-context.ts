import { groupDigits } from '../group-digits';
import { basisName, contextFigure, type ContextBasis } from '../tokens/context-basis';
import type { ReplayCompaction, ReplayReport, ReplayStep } from './replay-model';

/** What the context figures of a replay are read from: its steps and compactions (the page's copy has no message lists). */
type ReplayFigures = Pick<ReplayReport, 'steps' | 'window' | 'trigger'> & { compactions: readonly Pick<ReplayCompaction, 'ordinal' | 'tokensBefore' | 'tokensAfter' | 'success'>[] };

/** The lines a replay's context is drawn and counted against, in context tokens (absent where the config has none). */
export interface ReplayLines {
  window?: number;
  trigger?: number;
  /**
   * What the trigger is compared with when it is part of the context only (rolling-summary: the older turns): the line
   * is still drawn, but no step's whole context is counted against it.
   */
  triggerComparedWith?: string;
}

/** A compaction of the replay on the context basis, and whether the model would refuse what it left. */
interface ReplayCompactionContext {
  ordinal: number;
  /** Context tokens (exact content + unstored overhead) before and after. */
  before: number;
  after: number;
  /** Set when the context after is over the window: the next model call would be refused. */
  overWindow?: { message: string };
}

/** Steps over a line: how many, their share of all steps, and the session time they span (absent without timestamps). */
interface OverLine {
  steps: number;
  share: number;
  timeMs?: number;
}

/**
 * A replay on one basis (issue 25): every figure context tokens, every count of steps over the trigger against the
 * trigger line the chart draws, and the gate's own count beside it as what the gate saw.
 */
export interface ReplayContext {
  /** The basis in words: `o200k_base exact` or `calibrated to …`. */
  basis: string;
  unstoredOverhead: number;
  lines: ReplayLines;
  /** The highest context of any step (before its compaction). */
  peak: number;
  compactions: ReplayCompactionContext[];
  /** Steps whose context after the step (after its compaction, when it made one) was over the trigger line. */
  overTrigger?: OverLine;
  /** Why steps over the trigger are not counted, in words, when the trigger is compared with part of the context only. */
  overTriggerNotCounted?: string;
  /** Steps whose context after the step was over the window. */
  overWindow?: OverLine;
  /** The same count by the gate's own reading, in its own units (what it decided on). */
  gateSaw: OverLine;
}

/**
 * The lines a replay is drawn against: the config's window (the replay's own when the config sets none), and the
 * trigger — the replay's own threshold when its gate counted exactly (then it is in exact tokens, on the chart's
 * axis), else the config's trigger — with what it is compared with when that is part of the context only (the
 * replay's `triggerComparedWith`, else the config's): rolling-summary compares the older turns, never the whole context.
 */
export function replayLines(
  report: Pick<ReplayReport, 'steps' | 'window' | 'trigger' | 'triggerComparedWith'> & { compactions: readonly Pick<ReplayCompaction, 'gate'>[] },
  config: ReplayLines,
): ReplayLines {
  const window = config.window ?? (report.window !== undefined && Number.isFinite(report.window) ? report.window : undefined);
  const gateBasis = report.compactions[0]?.gate.basis ?? report.steps[0]?.gate.basis;
  const trigger = gateBasis === 'exact' && report.trigger !== null && Number.isFinite(report.trigger) ? report.trigger : config.trigger;
  const comparedWith = report.triggerComparedWith ?? config.triggerComparedWith;
  return {
    ...(window === undefined ? {} : { window }),
    ...(trigger === undefined ? {} : { trigger }),
    ...(trigger === undefined || comparedWith === undefined ? {} : { triggerComparedWith: comparedWith }),
  };
}

/** The lower of two optional figures; the one present when only one is. */
function lower(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/**
 * The one set of lines two policies are judged on (issue 27): the lower window and the lower trigger of their own lines,
 * whichever side set them, so the verdict is the same with A and B swapped. The same line for both means a policy is
 * never judged by a line it set itself, and two policies that compact alike but set different reserves tie. What the
 * trigger is compared with goes with the trigger taken.
 */
export function sharedLines(a: ReplayLines, b: ReplayLines): ReplayLines {
  const window = lower(a.window, b.window);
  const trigger = lower(a.trigger, b.trigger);
  const comparedWith = trigger === undefined ? undefined : trigger === a.trigger ? a.triggerComparedWith : b.triggerComparedWith;
  return {
    ...(window === undefined ? {} : { window }),
    ...(trigger === undefined ? {} : { trigger }),
    ...(comparedWith === undefined ? {} : { triggerComparedWith: comparedWith }),
  };
}

/** Milliseconds between two steps' timestamps; undefined when either has none or they do not parse. */
function elapsed(from: ReplayStep, to: ReplayStep | undefined): number | undefined {
  if (from.createdAt === undefined || to?.createdAt === undefined) return undefined;
  const duration = Date.parse(to.createdAt) - Date.parse(from.createdAt);
  return Number.isFinite(duration) && duration >= 0 ? duration : undefined;
}

/** The steps for which `isOver` holds, their share, and the time they span where the session logged timestamps. */
function overLine(steps: readonly ReplayStep[], isOver: (step: ReplayStep) => boolean): OverLine {
  let count = 0;
  let timeMs = 0;
  steps.forEach((step, index) => {
    if (!isOver(step)) return;
    count += 1;
    timeMs += elapsed(step, steps[index + 1]) ?? 0;
  });
  const hasTimes = steps.some((step) => step.createdAt !== undefined);
  return { steps: count, share: steps.length === 0 ? 0 : count / steps.length, ...(hasTimes ? { timeMs } : {}) };
}

const integer = groupDigits;

/**
 * The replay on `basis` against `lines`: each compaction's context before → after (flagged when what it left is over
 * the window), the peak, and the steps over the trigger (none counted, and why, when the trigger is compared with part
 * of the context only) and over the window on that basis, with the gate's own count beside them. The page's Session tab and the CLI's `replay` and `eval` all read their figures here.
 */
export function replayContext(report: ReplayFigures, basis: ContextBasis, lines: ReplayLines): ReplayContext {
  const figure = (exact: number) => contextFigure(basis, exact).tokens;
  const afterStep = (step: ReplayStep) => figure(step.exactTokensAfter ?? step.exactTokens);
  const compactions = report.compactions.map((compaction): ReplayCompactionContext => {
    const after = figure(compaction.tokensAfter);
    const isOver = lines.window !== undefined && after > lines.window;
    const overhead = basis.overheadTokens > 0 ? ` (with ${integer(basis.overheadTokens)} for the system prompt and tools not in the file)` : '';
    return {
      ordinal: compaction.ordinal,
      before: figure(compaction.tokensBefore),
      after,
      ...(isOver ? { overWindow: { message: `The context after compaction ${compaction.ordinal} is ${integer(after)}${overhead}, ${basisName(basis)} — over the ${integer(lines.window ?? 0)}-token window: the next model call would be refused.` } } : {}),
    };
  });
  const { trigger, window, triggerComparedWith } = lines;
  // A trigger compared with part of the context only says nothing of the whole context: counting whole contexts
  // against it would mix two bases, so no step is counted, and the report says why.
  const isCounted = trigger !== undefined && triggerComparedWith === undefined;
  return {
    basis: basisName(basis),
    unstoredOverhead: basis.overheadTokens,
    lines,
    peak: report.steps.reduce((peak, step) => Math.max(peak, figure(step.exactTokens)), 0),
    compactions,
    ...(isCounted ? { overTrigger: overLine(report.steps, (step) => afterStep(step) > trigger) } : {}),
    ...(trigger !== undefined && triggerComparedWith !== undefined
      ? { overTriggerNotCounted: `Steps over the trigger are not counted: the trigger is compared with ${triggerComparedWith}.` }
      : {}),
    ...(window === undefined ? {} : { overWindow: overLine(report.steps, (step) => afterStep(step) > window) }),
    gateSaw: overLine(report.steps, (step) => {
      const reading = step.gateAfter ?? step.gate;
      return reading.tokens > reading.threshold;
    }),
  };
}
