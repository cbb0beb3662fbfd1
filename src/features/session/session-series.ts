import { contextFigure, type ContextBasis, type ReplayContext } from '../../engine';
import { formatInteger } from '../../ui/format';
import type { ReplayView } from '../../worker-client/replay-protocol';

/** What the chart's x axis counts: the session's messages (1-based, as the transcript numbers them) or their time. */
export type SessionAxis = 'message' | 'time';

/** One point of the sawtooth: the context after a message joined, or just after the compaction made there. */
interface SawPoint {
  x: number;
  /** Context tokens on the page's basis (exact content + unstored overhead). */
  tokens: number;
  /** 1-based number of the message whose step this is. */
  message: number;
  /** Set on the two points of a compaction step: the drop from `before` to `after`. */
  compaction?: { ordinal: number; end: 'before' | 'after' };
}

/** The context the agent really had at one call, as the provider logged it (the provider's tokens, not ours). */
interface LoggedPoint {
  x: number;
  tokens: number;
  message: number;
}

/** A compaction the policy made: the top of its drop, where its marker sits. */
export interface PolicyMarker {
  ordinal: number;
  x: number;
  message: number;
  before: number;
  after: number;
  success: boolean;
  /** What the compaction left is over the window: the next model call would be refused. */
  overWindow: boolean;
}

/** A compaction the agent itself made in the source, where its marker sits and what it says. */
interface SourceMarker {
  x: number;
  /** The marker's height: the logged context before it when the source logged one, else our context there. */
  tokens: number;
  /** The boundary's 1-based message number: the agent's context before it ended just before this message. */
  message: number;
  label: string;
}

/** Everything the session chart draws for one replay. */
export interface SessionSeries {
  saw: SawPoint[];
  logged: LoggedPoint[];
  policyMarkers: PolicyMarker[];
  sourceMarkers: SourceMarker[];
  /** The highest context figure drawn. */
  peak: number;
}

/** Beyond this many steps the line is thinned (every compaction step kept), so a huge session stays quick to draw. */
const maxDrawnSteps = 3000;

/** The time of a step's message, in ms since the epoch, or undefined without a readable timestamp. */
function stepTime(createdAt: string | undefined): number | undefined {
  if (createdAt === undefined) return undefined;
  const time = Date.parse(createdAt);
  return Number.isFinite(time) ? time : undefined;
}

/** True when every step has a readable timestamp and they span some time: only then is time offered on the x axis. */
export function hasTimeline(view: ReplayView): boolean {
  if (view.steps.length < 2) return false;
  const times = view.steps.map((step) => stepTime(step.createdAt));
  if (times.some((time) => time === undefined)) return false;
  return (times[times.length - 1] ?? 0) > (times[0] ?? 0);
}

/** The agent's own compaction in the chart's words: "agent compacted here (compact_boundary, logged 155,000 before)". */
export function sourceMarkerLabel(kind: string, loggedTokensBefore: number | undefined): string {
  return `agent compacted here (${kind}, ${loggedTokensBefore === undefined ? 'no tokens logged' : `logged ${formatInteger(loggedTokensBefore)} before`})`;
}

/**
 * The replay's series on the page's basis: the sawtooth (each compaction a vertical drop from the context before to
 * the context after, at the same x), the provider's logged context, and the markers of the policy's compactions and the
 * agent's own. On the time axis x is each message's timestamp (only asked for when `hasTimeline`).
 */
export function sessionSeries(view: ReplayView, basis: ContextBasis, axis: SessionAxis, context?: ReplayContext): SessionSeries {
  const figure = (tokens: number) => contextFigure(basis, tokens).tokens;
  const xOf = (index: number): number => (axis === 'time' ? (stepTime(view.steps[index].createdAt) ?? 0) : view.steps[index].atMessage + 1);
  const stride = Math.ceil(view.steps.length / maxDrawnSteps);
  const saw: SawPoint[] = [];
  const logged: LoggedPoint[] = [];
  const policyMarkers: PolicyMarker[] = [];
  let peak = 0;
  view.steps.forEach((step, index) => {
    const x = xOf(index);
    const message = step.atMessage + 1;
    const before = figure(step.exactTokens);
    peak = Math.max(peak, before);
    if (step.loggedContextTokens !== undefined) {
      logged.push({ x, tokens: step.loggedContextTokens, message });
      peak = Math.max(peak, step.loggedContextTokens);
    }
    const isLast = index === view.steps.length - 1;
    if (step.compaction !== undefined && step.exactTokensAfter !== undefined) {
      const after = figure(step.exactTokensAfter);
      saw.push({ x, tokens: before, message, compaction: { ordinal: step.compaction, end: 'before' } });
      saw.push({ x, tokens: after, message, compaction: { ordinal: step.compaction, end: 'after' } });
      const compaction = view.compactions.find((candidate) => candidate.ordinal === step.compaction);
      const overWindow = context?.compactions.find((candidate) => candidate.ordinal === step.compaction)?.overWindow !== undefined;
      policyMarkers.push({ ordinal: step.compaction, x, message, before, after, success: compaction?.success ?? true, overWindow });
    } else if (index % stride === 0 || isLast || view.steps[index + 1]?.compaction !== undefined) {
      saw.push({ x, tokens: before, message });
    }
  });
  const sourceMarkers = view.sourceCompactions.map((source): SourceMarker => {
    // The first step at or after the boundary: the boundary line itself is not a step (the replay skips it).
    const next = view.steps.findIndex((step) => step.atMessage >= source.atMessage);
    const previous = next === -1 ? view.steps.length - 1 : next - 1;
    // On the time axis the marker sits where the agent's context before the boundary ended, beside its logged peak.
    const x = axis === 'time' ? xOf(Math.max(0, previous)) : source.atMessage + 0.5;
    const ours = previous >= 0 ? figure(view.steps[previous].exactTokens) : 0;
    const tokens = source.loggedTokensBefore ?? ours;
    peak = Math.max(peak, tokens);
    return { x, tokens, message: source.atMessage + 1, label: sourceMarkerLabel(source.kind, source.loggedTokensBefore) };
  });
  return { saw, logged, policyMarkers, sourceMarkers, peak };
}
