import { replayContext, replayLines, sharedLines, type ContextBasis, type ReplayContext, type ReplayLines } from '../../engine';
import type { ConfigLimits } from '../../worker-client/protocol';
import type { ReplayView } from '../../worker-client/replay-protocol';

/** The replays of the Session tab on the page's basis, and the one set of lines both are counted against. */
export interface PolicyContexts {
  a?: ReplayContext;
  b?: ReplayContext;
  /** The lines both policies' steps are counted against: A's own alone; with B, the lower trigger of the two (`sharedLines`). */
  lines?: ReplayLines;
  /** With B, each policy's own trigger line (absent where its config's is not known): the page says which line was used. */
  ownTriggers?: { a?: number; b?: number };
}

/** The config's lines as the replay's counting reads them. */
const fromConfig = (limits: ConfigLimits | undefined): ReplayLines => ({ window: limits?.window, trigger: limits?.trigger, triggerComparedWith: limits?.triggerComparedWith });

/**
 * Both policies on one yardstick (issue 27): with B, each replay is counted against the same lines — the lower trigger
 * of the two policies' own (`sharedLines`) — so swapping A and B mirrors the verdict, and a B that compacts exactly as A
 * does but sets another reserve ties. Each side's own trigger is kept (`ownTriggers`) so the page can say which line
 * was used. `limitsOfB` is B's config's (undefined until it is checked: B's own line is then known only when its gate
 * counted exactly).
 */
export function policyContexts(
  reportA: ReplayView | undefined,
  reportB: ReplayView | undefined,
  basis: ContextBasis,
  limits: ConfigLimits | undefined,
  limitsOfB?: ConfigLimits,
): PolicyContexts {
  if (!reportA) return {};
  const linesOfA = replayLines(reportA, fromConfig(limits));
  if (!reportB) return { a: replayContext(reportA, basis, linesOfA), lines: linesOfA };
  const linesOfB = replayLines(reportB, fromConfig(limitsOfB));
  const lines = sharedLines(linesOfA, linesOfB);
  return {
    a: replayContext(reportA, basis, lines),
    b: replayContext(reportB, basis, lines),
    lines,
    ownTriggers: { ...(linesOfA.trigger === undefined ? {} : { a: linesOfA.trigger }), ...(linesOfB.trigger === undefined ? {} : { b: linesOfB.trigger }) },
  };
}
