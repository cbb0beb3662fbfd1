import { profileMeta, type ProfileId } from '../../engine/profiles/meta';
import type { WhatIfField } from '../../engine';
import { defaultProfileId, documentProfile, type ConfigDocument } from '../../engine/config';

export type { WhatIfField };

/** The inputs a profile offers, from its meta: named for the parameters its seed has (two-tier has no ratio, rolling-summary no window). */
export function whatIfFields(profile: ProfileId): WhatIfField[] {
  return [...profileMeta[profile].whatIfFields];
}

/** The profile whose what-if fields a config gets: the one it runs with, else (unknown) the default profile's, for display. */
export function whatIfProfile(config: ConfigDocument): ProfileId {
  return documentProfile(config) ?? defaultProfileId;
}

/**
 * The config with the user's what-if edits applied. An edit is the input's text: a number overrides, empty restores
 * the config's own value (or, for the ratio, sets null: the legacy gate), anything else is ignored until it parses.
 */
export function applyWhatIf(config: ConfigDocument, edits: Partial<Record<WhatIfField['id'], string>>): ConfigDocument {
  const next: ConfigDocument = { ...config };
  for (const field of whatIfFields(whatIfProfile(config))) {
    const text = edits[field.id];
    if (text === undefined) continue;
    if (text.trim() === '') {
      if (field.emptyValue === null) next[field.parameter] = null;
      continue;
    }
    const value = Number(text);
    if (Number.isFinite(value)) next[field.parameter] = field.id === 'triggerRatio' ? value : Math.round(value);
  }
  return next;
}
