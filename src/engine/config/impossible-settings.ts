import type { SettingsProblem } from '../issues';
import { profileModule, type ProfileId } from '../profiles/registry';
import type { LabConfig } from './lab-config';

/**
 * Settings that cannot work as set, checked on a parsed config before a run by its profile's own rule (for example a
 * reserve at or over the window, a keep-recent budget at or over the gate's threshold, a tier-2 hard limit under
 * tier 1's threshold). Empty when the config can work. A user may still run them; the run then says it was forced.
 */
export function impossibleSettings<Id extends ProfileId>(config: LabConfig<Id>): SettingsProblem[] {
  return profileModule(config.profile).settingsProblems(config.parameters);
}

/** The problems as one line: each problem then its fix, for a refusal (CLI stderr, the page's run log). */
export function describeSettingsProblems(problems: readonly SettingsProblem[]): string {
  return problems.map((problem) => `${problem.message} ${problem.fix}`).join(' ');
}
