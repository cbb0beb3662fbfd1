/**
 * The engine's one stall ratio: a pass that saves less than this share of the tokens before it stalled. Retention's
 * `stall` loss flag, the unified profile's guard (its `stallRatio` default) and the page's stalled mark all read it,
 * so the three never disagree about what "barely moved" means.
 */
export const stallRatio = 0.05;

/**
 * True when a pass that took the context from `before` to `after` tokens (one basis for both) saved less than `ratio`
 * of `before`, growth included. A context of no tokens never stalls: there was nothing to save.
 */
export function savedUnderStallRatio(before: number, after: number, ratio: number = stallRatio): boolean {
  return before > 0 && before - after < ratio * before;
}
