import { savedUnderStallRatio, stallRatio, type PassSnapshot } from '../../engine';
import type { RunFigures } from '../../state/use-run-figures';
import { formatInteger, formatPercent } from '../../ui/format';

/** A pass that saved almost nothing while the context stayed over its trigger: the badge's words and the rule. */
export interface StalledPass {
  /** Exact transcript tokens the pass took off (negative when it grew the transcript). */
  saved: number;
  words: string;
  title: string;
}

/** What one pass's stall is judged from: the card's figures and what the engine said of the pass. */
export interface PassStallInput {
  /** Exact transcript tokens before and after the pass (no overhead added): what the stall ratio is measured on. */
  contentBefore?: number;
  contentAfter?: number;
  /** Context tokens after the pass on the page's basis, the card's figure: what is compared with the trigger. */
  contextAfter?: number;
  /** The run's trigger on the same basis; undefined when the profile has none or compares only part of the context. */
  trigger?: number;
  /** The pass replaced nothing: the no-op mark says more. */
  isNoOp: boolean;
  /** The profile's own stall guard stopped the run at this pass (its `stall` flag). */
  isGuardStall: boolean;
}

/**
 * Whether a pass stalled, by the engine's one rule (`stallRatio`): it left the context over the run's trigger and
 * saved under that share of the exact transcript tokens before it — or the profile's own guard said it stalled. A pass
 * that brought the context under its trigger did its job however little it took off; the unstored overhead never
 * counts towards the share, so a large one cannot make a real saving look small. Nothing is said while counting.
 */
export function stalledPass(input: PassStallInput): StalledPass | undefined {
  const { contentBefore: before, contentAfter: after, contextAfter, trigger, isNoOp, isGuardStall } = input;
  if (isNoOp || before === undefined || after === undefined) return undefined;
  const isOverTrigger = trigger !== undefined && contextAfter !== undefined && contextAfter > trigger;
  if (!isGuardStall && !(isOverTrigger && savedUnderStallRatio(before, after))) return undefined;
  const saved = before - after;
  const moved = saved >= 0 ? `saved ${formatInteger(saved)} tokens (${formatPercent(before > 0 ? saved / before : 0)} of ${formatInteger(before)})` : `grew the transcript by ${formatInteger(-saved)} tokens`;
  const where = isOverTrigger ? `, and the context after it, ${formatInteger(contextAfter)} tokens, is still over the run's ${formatInteger(trigger)}-token trigger` : '';
  const guard = isGuardStall ? ' The profile\'s stall guard stopped the run here.' : '';
  return {
    saved,
    words: `stalled: ${moved}`,
    title: `Stalled: this pass ${moved} (exact transcript tokens, without the overhead), under the ${stallRatio * 100}% a pass must save${where}.${guard}`,
  };
}

/** The stall of pass `snapshot.pass` of the shown run, from the run's figures (the card's basis and trigger). */
export function shownPassStall(figures: RunFigures, snapshot: PassSnapshot): StalledPass | undefined {
  const before = figures.states[snapshot.pass - 1];
  const after = figures.states[snapshot.pass];
  // A trigger compared with part of the context only (rolling-summary's older turns) says nothing of the whole.
  const trigger = figures.limits?.triggerComparedWith === undefined ? figures.limits?.trigger : undefined;
  return stalledPass({
    contentBefore: before?.content,
    contentAfter: after?.content,
    contextAfter: after?.context?.tokens,
    trigger,
    isNoOp: after?.isNoOp ?? false,
    isGuardStall: snapshot.flags.includes('stall'),
  });
}
