import { gateThreshold } from '../profiles/auto-compactor/gate';
import type { AutoCompactorConfig } from '../profiles/auto-compactor/auto-compactor-config';
import type { TwoTierConfig } from '../profiles/two-tier/config';
import { resolveTwoTierSettings } from '../profiles/two-tier/lowering';
import { resolvedHardLimit, type UnifiedConfig } from '../profiles/unified/unified-config';
import type { SettingsProblem } from '../issues';
import type { LabConfig } from './lab-config';

// A true minus sign: a negative threshold is the point of the message and must not read as a dash.
const integer = (value: number): string => (value < 0 ? `−${(-value).toLocaleString('en-US')}` : value.toLocaleString('en-US'));

/** Whether seed 1's ratio rule, not window − reserve, sets the gate's threshold. */
function isSetByRatio(config: AutoCompactorConfig | UnifiedConfig): boolean {
  return gateThreshold(config.window, config) !== config.window - config.reserveTokens;
}

/** Seed 1's gate (auto-compactor and unified): no window, a reserve that swallows it, or a kept tail the gate can never clear. */
function seedOneProblems(config: AutoCompactorConfig | UnifiedConfig): SettingsProblem[] {
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

function hardLimitProblem(hardLimit: number, threshold: number, thresholdFields: string[]): SettingsProblem {
  return {
    fields: ['hardLimitTokens', ...thresholdFields],
    message: `hardLimitTokens ${integer(hardLimit)} is under tier 1's threshold ${integer(threshold)}: tier 2 is meant as the ceiling above tier 1, but here it rewrites the summary of every pass that tier 1 leaves between the two.`,
    fix: `Raise hardLimitTokens to at least ${integer(threshold)}, or lower the tier-1 threshold under ${integer(hardLimit)}.`,
    suggested: { hardLimitTokens: threshold },
  };
}

/**
 * Settings that cannot work as set, checked on a parsed config before a run: no window, a reserve at or over the
 * window, a keep-recent budget at or over the gate's threshold (once the gate fires, no pass gets under it), a tier-2
 * hard limit under tier 1's threshold (the ceiling below the trigger it is meant to sit above). Empty when the config
 * can work. A user may still run them; the run then says it was forced.
 */
export function impossibleSettings(config: LabConfig): SettingsProblem[] {
  switch (config.profile) {
    case 'auto-compactor':
      return seedOneProblems(config.parameters as AutoCompactorConfig);
    case 'unified': {
      const unified = config.parameters as UnifiedConfig;
      const problems = seedOneProblems(unified);
      // Only a limit the user set: the adapted default (75 % of the window) is seed 3's own choice.
      if (problems.length > 0 || unified.hardLimitTokens === null || unified.hardLimitStrategy === 'none') return problems;
      const threshold = gateThreshold(unified.window, unified);
      const thresholdFields = isSetByRatio(unified) ? ['triggerRatio', 'window'] : ['reserveTokens', 'window'];
      return resolvedHardLimit(unified) < threshold ? [hardLimitProblem(resolvedHardLimit(unified), threshold, thresholdFields)] : [];
    }
    case 'two-tier': {
      const settings = resolveTwoTierSettings(config.parameters as TwoTierConfig);
      if (!settings.isEnabled || settings.hardLimitTokens === null || settings.hardLimitTokens >= settings.tokenThreshold) return [];
      return [hardLimitProblem(settings.hardLimitTokens, settings.tokenThreshold, ['tokenThreshold'])];
    }
    case 'rolling-summary':
      return [];
  }
}

/** The problems as one line: each problem then its fix, for a refusal (CLI stderr, the page's run log). */
export function describeSettingsProblems(problems: readonly SettingsProblem[]): string {
  return problems.map((problem) => `${problem.message} ${problem.fix}`).join(' ');
}
