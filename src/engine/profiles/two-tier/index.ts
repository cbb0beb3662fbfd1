import type { Profile } from '../../run/profile';
import type { TwoTierRunInput } from './callback-runner';
import type { TwoTierConfig } from './config';
import { runTwoTier } from './run-two-tier';

export type { CallbackRunner, CompressRequest, TwoTierRunInput } from './callback-runner';
export { twoTierConfigSchema, twoTierDefaults, type TwoTierConfig } from './config';
export { resolveTwoTierSettings, type TwoTierSettings } from './lowering';

/**
 * Seed 3 (Harn `AutoCompactConfig`) as a profile. `run` accepts the common input; pass a `TwoTierRunInput` to give
 * it a callback runner and the user's consent for configs that carry callbacks.
 */
export const twoTierProfile: Profile<TwoTierConfig> = {
  id: 'two-tier',
  run: (input) => runTwoTier(input as TwoTierRunInput),
};
