import type { Profile } from '../../run/profile';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { autoCompactorProfileId, runAutoCompactor, type AutoCompactorRunInput } from './run-auto-compactor';

export { autoCompactorConfigSchema, autoCompactorDefaults, triggerRatioInference, type AutoCompactorConfig } from './auto-compactor-config';
export type { AutoCompactorRunInput } from './run-auto-compactor';
export { forWindow, forWindowProportional, gateThreshold, shouldCompact } from './gate';
export { sanitizeSummary } from './summary-sanitizer';

/** Seed 1, the Dart `AutoCompactor`, reproduced: gate, multi-pass summaries, smol → main → local trim ladder. */
export const autoCompactorProfile: Profile<AutoCompactorConfig> = {
  id: autoCompactorProfileId,
  run: (input: AutoCompactorRunInput) => runAutoCompactor(input),
};
