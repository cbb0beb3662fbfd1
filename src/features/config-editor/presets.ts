import { configSchemaVersion } from '../../engine/config';
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

/** The config document a preset gives for a window, as JSON text (`{schemaVersion, profile, window, …}`). */
export function presetConfigText(preset: ConfigPreset, window: number): string {
  const document: Record<string, unknown> = { schemaVersion: configSchemaVersion, profile: preset.profile };
  const { windowField } = profileMeta[preset.profile];
  if (windowField && !preset.leavesWindowUnset) document[windowField] = window;
  return JSON.stringify({ ...document, ...preset.parameters(window) }, null, 2);
}
