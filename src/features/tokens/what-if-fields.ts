import { profileMeta, type ProfileId } from '../../engine/profiles/meta';
import type { WhatIfField } from '../../engine';
import { isRecord } from '../../state/document-paths';
import { defaultProfile, documentProfile } from '../../state/parsed-config';

export type { WhatIfField };

/** The inputs a profile offers, from its meta: named for the parameters its seed has (two-tier has no ratio, rolling-summary no window). */
export function whatIfFields(profile: ProfileId): WhatIfField[] {
  return [...profileMeta[profile].whatIfFields];
}

/** The profile whose what-if fields a config gets: the one it runs with, else (unknown) the default profile's, for display. */
export function whatIfProfile(config: unknown): ProfileId {
  return documentProfile(config) ?? defaultProfile;
}

/**
 * The config with the user's what-if edits applied. An edit is the input's text: a number overrides, empty restores
 * the config's own value (or, for the ratio, sets null: the legacy gate), anything else is ignored until it parses.
 */
export function applyWhatIf(config: unknown, edits: Partial<Record<WhatIfField['id'], string>>): Record<string, unknown> {
  const base = isRecord(config) ? config : {};
  const next: Record<string, unknown> = { ...base };
  for (const field of whatIfFields(whatIfProfile(base))) {
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
