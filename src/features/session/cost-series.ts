import type { CostPoint, ReplayCost } from '../../engine';
import type { ReplayView } from '../../worker-client/replay-protocol';
import type { SessionAxis } from './session-series';

/** One point of a cumulative cost line: US dollars spent up to `x`. */
interface CostLinePoint {
  x: number;
  usd: number;
}

/** The step one policy compaction causes: its summarizer call and the next agent call, which rewrites the cache. */
export interface CompactionCostStep {
  ordinal: number;
  x: number;
  /** The policy's cumulative cost just before the compaction and just after the next agent call. */
  before: number;
  after: number;
  /** What the agent's own same call cost by the cache model (no compaction of the policy's there), when known. */
  agentCallUsd?: number;
}

/** The cumulative cost lines of one replay, on the chart's x axis; a line stops where an unknown price is met. */
export interface CostSeries {
  /** The agent's calls as its log bills them. */
  agentLogged: CostLinePoint[];
  /** The agent's same calls as the cache model bills them on the agent's own context. */
  agentModel: CostLinePoint[];
  /** The policy: its agent calls on its context and its summarizer calls. */
  policy: CostLinePoint[];
  steps: CompactionCostStep[];
  /** The highest cost drawn (US dollars). */
  peak: number;
}

/** The x of a session message on the chart's axis: its 1-based number, or the time of the last step at or before it. */
function xOfMessage(view: ReplayView, axis: SessionAxis): (message: number) => number | undefined {
  if (axis === 'message') return (message) => message + 1;
  const steps = view.steps.flatMap((step) => {
    const time = step.createdAt === undefined ? Number.NaN : Date.parse(step.createdAt);
    return Number.isFinite(time) ? [{ message: step.atMessage, time }] : [];
  });
  return (message) => {
    let found: number | undefined;
    for (const step of steps) {
      if (step.message > message) break;
      found = step.time;
    }
    return found ?? steps[0]?.time;
  };
}

/** Appends a known figure to a line, or ends the line for good at the first unknown one. */
function extend(line: CostLinePoint[], state: { ended: boolean }, x: number, usd: number | null): void {
  if (state.ended) return;
  if (usd === null) {
    state.ended = true;
    return;
  }
  line.push({ x, usd });
}

/**
 * A replay's cost as chart lines (issue 28): the agent as logged, the agent as the cache model bills it, and the
 * policy, each cumulative in US dollars and drawn as steps; and for each policy compaction the step it causes (its
 * summarizer call plus the next agent call, which reads only the cached head and writes the rest again).
 */
export function costSeries(view: ReplayView, cost: ReplayCost, axis: SessionAxis): CostSeries {
  const xOf = xOfMessage(view, axis);
  const series: CostSeries = { agentLogged: [], agentModel: [], policy: [], steps: [], peak: 0 };
  const ended = { agentLogged: { ended: false }, agentModel: { ended: false }, policy: { ended: false } };
  let previous: CostPoint | undefined;
  const open: { ordinal: number; x: number; before: number; agentBefore: number | null }[] = [];
  for (const point of cost.series) {
    const x = xOf(point.atMessage);
    if (x === undefined) continue;
    extend(series.agentLogged, ended.agentLogged, x, point.agentUsd);
    extend(series.agentModel, ended.agentModel, x, point.agentSimulatedUsd);
    extend(series.policy, ended.policy, x, point.policyUsd);
    if (point.compaction !== undefined) {
      if (previous?.policyUsd !== null) open.push({ ordinal: point.compaction, x, before: previous?.policyUsd ?? 0, agentBefore: point.agentSimulatedUsd });
    } else {
      // The first agent call after a compaction closes its step.
      for (const step of open.splice(0)) {
        if (point.policyUsd === null) continue;
        const agentCallUsd = step.agentBefore !== null && point.agentSimulatedUsd !== null ? point.agentSimulatedUsd - step.agentBefore : undefined;
        series.steps.push({ ordinal: step.ordinal, x: step.x, before: step.before, after: point.policyUsd, ...(agentCallUsd === undefined ? {} : { agentCallUsd }) });
      }
    }
    series.peak = Math.max(series.peak, point.agentUsd ?? 0, point.agentSimulatedUsd ?? 0, point.policyUsd ?? 0);
    previous = point;
  }
  return series;
}
