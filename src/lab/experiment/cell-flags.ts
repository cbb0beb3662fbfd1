import type { OutcomeFlag, ReplayContext, ReplayReport } from '../../engine';

/** The order flag kinds are listed in on a cell: the most serious first, as the outcome headline leads with them. */
const kindOrder: readonly OutcomeFlag['kind'][] = ['over-window', 'replaced-nothing', 'history-wiped', 'estimate-disagrees', 'no-op-pass'];

/** Flag kinds once each, in `kindOrder`. */
export function flagKinds(kinds: Iterable<string>): string[] {
  const raised = new Set(kinds);
  return kindOrder.filter((kind) => raised.has(kind));
}

/**
 * The outcome flag kinds any compaction of a replay raised, by the rules a single run's outcome follows
 * (`runOutcome`), on the replay's own basis and lines: its run's `history-wiped` and `replaced-nothing`, a pass that
 * replaced nothing (`no-op-pass`), a context left over the window (`over-window`), and a success whose context is
 * still over a trigger compared with the whole context (`estimate-disagrees`).
 */
export function replayFlagKinds(report: Pick<ReplayReport, 'compactions'>, context: Pick<ReplayContext, 'compactions' | 'lines'>): string[] {
  const { trigger, triggerComparedWith } = context.lines;
  const kinds = report.compactions.flatMap((compaction, index) => {
    const after = context.compactions[index];
    return [
      ...compaction.flags.map((flag) => flag.kind),
      ...(compaction.run.passes.some((pass) => pass.flags.includes('no-op')) ? ['no-op-pass'] : []),
      ...(after?.overWindow ? ['over-window'] : []),
      ...(compaction.success && after && trigger !== undefined && triggerComparedWith === undefined && after.after > trigger ? ['estimate-disagrees'] : []),
    ];
  });
  return flagKinds(kinds);
}
