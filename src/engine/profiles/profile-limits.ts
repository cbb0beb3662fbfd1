/**
 * A config's limits in tokens, as the chart draws them and the CLI reports them. `trigger` is the threshold that
 * fires first; `triggerRule` says which rule set it. Each profile computes them with its own gate and threshold
 * functions (its module's `limits`), so the lines are where the engine compares, never a re-derivation.
 */
export interface ProfileLimits {
  /** How the profile's gate counts tokens, in words ("what the gate saw" is on this basis, not the page's). */
  estimateBasis?: string;
  window?: number;
  trigger?: number;
  /** Which rule set `trigger`, in words the chart prints: `ratio × window`, `window − reserve`, `tokenThreshold`, …. */
  triggerRule?: string;
  /** What the trigger is compared with when it is not the whole context (rolling-summary: the older region's tokens). */
  triggerComparedWith?: string;
  /** The trigger ratio the config sets (auto-compactor, unified); null when the legacy gate alone applies. */
  triggerRatio?: number | null;
  /** The reserve / output buffer kept free below the window, in tokens. */
  reserve?: number;
  /** Tier 2's hard limit (two-tier, unified). */
  hardLimit?: number;
}
