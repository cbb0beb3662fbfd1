import { profileMeta, type ProfileId } from '../../engine/profiles/meta';
import { defaultProfile, documentProfile } from '../../state/parsed-config';
import type { ConfigLimits } from '../../worker-client/protocol';

/** One what-if input: its label, the config parameter it sets, and how its starting value is read from the limits. */
export interface WhatIfField {
  id: 'window' | 'triggerRatio' | 'reserve' | 'threshold';
  label: string;
  parameter: string;
  step: number;
  min: number;
  max?: number;
  /** Empty input clears the override, except where empty means something to the engine (a null ratio: legacy gate). */
  emptyValue?: null;
  startingValue(limits: ConfigLimits): number | null | undefined;
}

const seedOneFields = (windowParameter: string): WhatIfField[] => [
  { id: 'window', label: 'What-if window', parameter: windowParameter, step: 1000, min: 1, startingValue: (limits) => limits.window },
  { id: 'triggerRatio', label: 'What-if trigger ratio', parameter: 'triggerRatio', step: 0.05, min: 0.01, max: 0.99, emptyValue: null, startingValue: (limits) => limits.triggerRatio },
  { id: 'reserve', label: 'What-if reserve', parameter: 'reserveTokens', step: 1024, min: 0, startingValue: (limits) => limits.reserve },
];

/** The inputs each profile offers, named for the parameters its seed has (two-tier has no ratio, rolling-summary no window). */
export function whatIfFields(profile: ProfileId): WhatIfField[] {
  switch (profile) {
    case 'auto-compactor':
    case 'unified':
      return seedOneFields(profileMeta[profile].windowField ?? 'window');
    case 'two-tier':
      return [
        { id: 'window', label: 'What-if window', parameter: 'contextWindow', step: 1000, min: 1, startingValue: (limits) => limits.window },
        { id: 'threshold', label: 'What-if tier-1 threshold', parameter: 'tokenThreshold', step: 1000, min: 0, startingValue: (limits) => limits.trigger },
      ];
    case 'rolling-summary':
      return [{ id: 'threshold', label: 'What-if summarise-at tokens', parameter: 'summariseAtTokens', step: 500, min: 0, startingValue: (limits) => limits.trigger }];
  }
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
  const base = typeof config === 'object' && config !== null && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
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
