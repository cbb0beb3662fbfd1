import { defaultDocument, documentText } from '../../engine/config';
import { profileIds, profileMeta, type ProfileId } from '../../engine/profiles/meta';
import type { ProfilePreset } from '../../engine';

/**
 * A starting config: a seed's defaults, a host's documented variant, or an approximation of a peer's documented
 * behaviour in our profiles' real fields — a profile's own preset (its meta lists them) with the profile it starts.
 */
export interface ConfigPreset extends ProfilePreset {
  profile: ProfileId;
}

const byProfile = profileIds.flatMap((profile) => profileMeta[profile].presets.map((preset): ConfigPreset => ({ ...preset, profile })));

/** Every preset, seeds first, then peers' approximations, each group in profile order. */
export const configPresets: readonly ConfigPreset[] = [...byProfile.filter((preset) => !preset.isApproximation), ...byProfile.filter((preset) => preset.isApproximation)];

/**
 * The config document a preset gives for the page's window, as JSON text (`{schemaVersion, profile, …}`). The window
 * itself is left out, so the run inherits the page's as the preset's other numbers assumed; a preset that leaves the
 * window unset (harn before it discovers the model's window) writes `null`, so nothing is inherited.
 */
export function presetConfigText(preset: ConfigPreset, window: number): string {
  const { windowField } = profileMeta[preset.profile];
  const unset = windowField !== undefined && preset.leavesWindowUnset ? { [windowField]: null } : {};
  return documentText({ ...defaultDocument(preset.profile), ...unset, ...preset.parameters(window) });
}
