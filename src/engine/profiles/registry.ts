import { autoCompactorProfile } from './auto-compactor';
import type { ProfileId } from './meta';
import type { ProfileModule } from './profile-module';
import { rollingSummaryProfile } from './rolling-summary';
import { twoTierProfile } from './two-tier';
import { unifiedProfile } from './unified';

export { profileIds, type ProfileId } from './meta';

/**
 * The worker's and the CLI's registry: every profile's module, by id (the page reads `profiles/meta.ts` instead, so
 * it loads no profile code). Adding a profile adds its folder, one line here and one in `meta.ts`.
 */
export const profileModules = {
  'auto-compactor': autoCompactorProfile,
  'rolling-summary': rollingSummaryProfile,
  'two-tier': twoTierProfile,
  unified: unifiedProfile,
};

/** The parameters of a config a module validates. */
type ParametersOf<Module> = Module extends ProfileModule<infer Config, string> ? Config : never;

/** Each profile's validated parameters, by id. */
export type ProfileParameters = { [Id in ProfileId]: ParametersOf<(typeof profileModules)[Id]> };

/** The modules, typed so that one id's module and its parameters go together (see {@link profileModule}). */
type ProfileModules = { [Id in ProfileId]: ProfileModule<ProfileParameters[Id], Id> };

const modules: ProfileModules = profileModules;

/**
 * The module of a profile id. With a config's own `profile` as the id, the module's functions take that config's
 * `parameters` without a cast, for whichever profile it is.
 */
export function profileModule<Id extends ProfileId>(id: Id): ProfileModules[Id] {
  return modules[id];
}
