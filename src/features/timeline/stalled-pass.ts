import { formatInteger, formatPercent } from '../../ui/format';

/**
 * Below this share of the context before it, a pass that replaced something barely moved the context: it stalled.
 * One token in a hundred is less than a typical tool result adds back, so such a pass leaves the context where it was
 * for any purpose, and several in a row are how a run uses up its passes and fails still over its trigger.
 */
export const stallShare = 0.01;

/** A pass that saved almost nothing: the badge's words and the tooltip that says the rule. */
export interface StalledPass {
  /** Context tokens the pass took off (negative when it grew the context). */
  saved: number;
  words: string;
  title: string;
}

/**
 * Whether a pass stalled: it replaced something (a pass that replaced nothing is the no-op flag's) yet moved the
 * context by less than `stallShare` of the context before it, or grew it. `before` and `after` are the card's own
 * figures, context tokens on the page's basis; undefined while they are counted, and then nothing is said.
 */
export function stalledPass(before: number | undefined, after: number | undefined, isNoOp: boolean): StalledPass | undefined {
  if (isNoOp || before === undefined || after === undefined || before <= 0) return undefined;
  const saved = before - after;
  if (saved >= before * stallShare) return undefined;
  const moved = saved >= 0 ? `saved ${formatInteger(saved)} tokens (${formatPercent(saved / before)} of ${formatInteger(before)})` : `grew the context by ${formatInteger(-saved)} tokens`;
  return {
    saved,
    words: `stalled: ${moved}`,
    title: `Stalled: this pass ${moved}, less than ${stallShare * 100}% of the context before it (context tokens, as on this card). It ran and replaced messages, but barely moved the context toward its trigger.`,
  };
}
