/** The seed's `CompactionSettings`: thresholds of the gate and the keep-recent budget, in tokens. */
export interface CompactionSettings {
  /** False never compacts (the seed's `enabled`); absent means enabled. */
  isEnabled?: boolean;
  reserveTokens: number;
  keepRecentTokens: number;
  /** Null or outside (0, 1): the legacy gate alone. */
  triggerRatio?: number | null;
}

/** The pi defaults (`defaultCompactionSettings`). */
export const defaultCompactionSettings: CompactionSettings = { isEnabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

/**
 * The token count above which the gate fires: `window − reserveTokens`, or, with a ratio in (0, 1), the smaller of that
 * and `floor(triggerRatio × window)` — the ratio rule is inferred (spec §4.5.1).
 */
export function gateThreshold(window: number, settings: CompactionSettings): number {
  const legacy = window - settings.reserveTokens;
  const ratio = settings.triggerRatio;
  if (ratio === null || ratio === undefined || ratio <= 0 || ratio >= 1) return legacy;
  return Math.min(legacy, Math.floor(ratio * window));
}

/** The seed's `shouldCompact`: strictly greater than the threshold, and never when disabled. */
export function shouldCompact(tokens: number, window: number, settings: CompactionSettings): boolean {
  if (settings.isEnabled === false) return false;
  return tokens > gateThreshold(window, settings);
}

/** Dart integer division `~/` for the non-negative sizes used here. */
function intDiv(value: number, divisor: number): number {
  return Math.trunc(value / divisor);
}

/**
 * The legacy `CompactionSettings.forWindow(w)` (spec §1.3): reserve and keep scaled to small windows so that
 * reserve < w/2 and keep < w.
 */
export function forWindow(window: number): CompactionSettings {
  let reserveTokens = Math.min(16384, Math.max(1024, intDiv(window, 4)));
  let keepRecentTokens = Math.min(20000, Math.max(2048, intDiv(window, 2)));
  if (reserveTokens >= intDiv(window, 2)) reserveTokens = Math.max(128, intDiv(window, 4));
  if (keepRecentTokens >= window) keepRecentTokens = Math.max(256, intDiv(window, 2));
  return { isEnabled: true, reserveTokens, keepRecentTokens };
}

/** The newer proportional `forWindow` (gh-1742, [DOC]): monotone in the window, the legacy term dominating below 262,144. */
export function forWindowProportional(window: number): CompactionSettings {
  const legacy = forWindow(window);
  return {
    isEnabled: true,
    reserveTokens: Math.min(65536, Math.max(intDiv(window, 16), legacy.reserveTokens)),
    keepRecentTokens: Math.min(131072, Math.max(intDiv(window, 8), legacy.keepRecentTokens)),
  };
}
