import type { SettingsProblem } from '../../issues';
import { integer } from '../settings-text';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { gateThreshold } from './gate';

/** The fields seed 1's settings checks read, which `auto-compactor` and `unified` both carry. */
type SeedOneSettings = Pick<AutoCompactorConfig, 'window' | 'reserveTokens' | 'keepRecentTokens' | 'triggerRatio'>;

/** Whether seed 1's ratio rule, not window − reserve, sets the gate's threshold. */
export function isSetByRatio(config: SeedOneSettings): boolean {
  return gateThreshold(config.window, config) !== config.window - config.reserveTokens;
}

/** Seed 1's gate (auto-compactor and unified): no window, a reserve that swallows it, or a kept tail the gate can never clear. */
export function seedOneProblems(config: SeedOneSettings): SettingsProblem[] {
  const { window, reserveTokens, keepRecentTokens } = config;
  if (window <= 0) {
    // The seed then does nothing at all ("nothing to compact against") and calls that a success.
    return [{ fields: ['window'], message: `window ${integer(window)}: there is no context window to compact against, so the profile does nothing.`, fix: "Set window to the model's context window in tokens." }];
  }
  if (reserveTokens >= window) {
    const reserve = Math.max(0, Math.floor(window / 4));
    // Half of whichever threshold the new reserve gives (a trigger ratio may set a lower one).
    const keep = Math.min(keepRecentTokens, Math.floor(gateThreshold(window, { ...config, reserveTokens: reserve }) / 2));
    return [
      {
        fields: ['reserveTokens', 'window'],
        message: `reserveTokens ${integer(reserveTokens)} ≥ window ${integer(window)}: the gate fires above window − reserve = ${integer(window - reserveTokens)}, so every context is over it and no pass can get under it.`,
        fix: `Lower reserveTokens below the window (for a ${integer(window)}-token window, reserveTokens ${integer(reserve)} and keepRecentTokens ${integer(keep)}), or raise the window size.`,
        suggested: { reserveTokens: reserve, keepRecentTokens: keep },
      },
    ];
  }
  const threshold = gateThreshold(window, config);
  if (keepRecentTokens < threshold) return [];
  const byRatio = isSetByRatio(config);
  const rule = byRatio ? `floor(triggerRatio × window) = ${integer(threshold)}` : `window − reserve = ${integer(threshold)}`;
  const keep = Math.floor(threshold / 2);
  return [
    {
      fields: byRatio ? ['keepRecentTokens', 'triggerRatio', 'window'] : ['keepRecentTokens', 'reserveTokens', 'window'],
      message: `keepRecentTokens ${integer(keepRecentTokens)} ≥ the gate's threshold ${rule}: the recent messages a pass keeps are alone over the threshold, so once the gate fires no pass can get under it.`,
      fix: `Lower keepRecentTokens under the threshold — at most half of it, ${integer(keep)}, as the seed's withCompactionTriggerTokens caps it — or raise the threshold.`,
      suggested: { keepRecentTokens: keep },
    },
  ];
}
