import type { Profile } from '../../run/profile';
import type { UnifiedConfig } from './unified-config';
import { runUnified } from './run-unified';
import { unifiedProfileId } from './unified-context';

export { resolvedHardLimit, unifiedConfigSchema, unifiedDefaults, type UnifiedConfig } from './unified-config';

/** The unified pipeline: every seed's parts composed, with the stall, inflation and summarizer-input-fit guards. */
export const unifiedProfile: Profile<UnifiedConfig> = {
  id: unifiedProfileId,
  run: (input) => runUnified(input),
};
