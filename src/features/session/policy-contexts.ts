import { replayContext, replayLines, type ContextBasis, type ReplayContext, type ReplayLines } from '../../engine';
import type { ConfigLimits } from '../../worker-client/protocol';
import type { ReplayView } from '../../worker-client/replay-protocol';

/** The replays of the Session tab on the page's basis, and the one set of lines both are counted against. */
export interface PolicyContexts {
  a?: ReplayContext;
  b?: ReplayContext;
  /** A's lines (the ones the chart draws): B's steps over the trigger and window are counted against these too. */
  lines?: ReplayLines;
  /** B's own trigger line when it is not A's: the totals say both were counted against A's. */
  ownTriggerOfB?: number;
}

/**
 * Both policies on one yardstick (issue 27): A's replay against the lines of A's config (the window and trigger the
 * chart draws), and B's against the same lines, never its own. Counted against its own trigger, a B that compacts
 * exactly as A does but sets a lower trigger (a larger reserve) would have more steps "over the trigger" and lose a
 * comparison it ties. B's own line is kept (`ownTriggerOfB`) so the page can say which line was used.
 */
export function policyContexts(reportA: ReplayView | undefined, reportB: ReplayView | undefined, basis: ContextBasis, limits: ConfigLimits | undefined): PolicyContexts {
  if (!reportA) return {};
  const fromConfig: ReplayLines = { window: limits?.window, trigger: limits?.trigger, triggerComparedWith: limits?.triggerComparedWith };
  const lines = replayLines(reportA, fromConfig);
  if (!reportB) return { a: replayContext(reportA, basis, lines), lines };
  // B's own line: its gate's exact threshold when it counted exactly; a trigger in other units is B's config's, unknown here.
  const ownTrigger = replayLines(reportB, {}).trigger;
  return {
    a: replayContext(reportA, basis, lines),
    b: replayContext(reportB, basis, lines),
    lines,
    ...(ownTrigger !== undefined && ownTrigger !== lines.trigger ? { ownTriggerOfB: ownTrigger } : {}),
  };
}
