import type { LabConfig } from '../engine/config';
import { profileModule } from '../engine/headless';
import type { ProfileId } from '../engine/profiles/meta';
import type { ConfigLimits } from '../worker-client/protocol';

/**
 * A parsed config's limits, in tokens, for the chart's lines: computed by its profile's module with the profile's own
 * gate and threshold functions, so the lines are where the engine compares, never a re-derivation.
 */
export function configLimits<Id extends ProfileId>(config: LabConfig<Id>): ConfigLimits {
  return { profile: config.profile, ...profileModule(config.profile).limits(config.parameters) };
}
