/**
 * What the page needs to know about the profiles without loading them: ids, labels and the window parameter. Kept
 * apart from the registry so the main thread can offer a profile picker without bundling the engine.
 */

/** Every profile id. */
export const profileIds = ['auto-compactor', 'rolling-summary', 'two-tier', 'unified'] as const;

/** A profile id. */
export type ProfileId = (typeof profileIds)[number];

/** How each profile is named to the user. */
export const profileLabels: Record<ProfileId, string> = {
  'auto-compactor': 'Auto-compactor (seed 1, Dart AutoCompactor)',
  'rolling-summary': 'Rolling summary (seed 2, ADK assembleCompactedTurns)',
  'two-tier': 'Two-tier (seed 3, Harn AutoCompactConfig)',
  unified: 'Unified pipeline (seeds 1 and 3 composed, with stall and input-fit guards)',
};

/** The parameter a context-window choice sets, for the profiles that have one. */
export const profileWindowFields: Partial<Record<ProfileId, string>> = {
  'auto-compactor': 'window',
  'two-tier': 'contextWindow',
  unified: 'window',
};

/** A parameter the run panel offers as its own field (the rest are edited in the config JSON). */
export interface KeyParameter {
  field: string;
  label: string;
  /** `tokens`/`count`: whole numbers; `ratio`: a fraction of the window; `flag`: true or false. */
  kind: 'tokens' | 'count' | 'ratio' | 'flag';
}

/** The parameters users tune most, per profile, named as the seeds name them. */
export const profileKeyParameters: Record<ProfileId, KeyParameter[]> = {
  'auto-compactor': [
    { field: 'window', label: 'Window', kind: 'tokens' },
    { field: 'triggerRatio', label: 'Trigger ratio', kind: 'ratio' },
    { field: 'reserveTokens', label: 'Reserve', kind: 'tokens' },
    { field: 'keepRecentTokens', label: 'Keep recent tokens', kind: 'tokens' },
    { field: 'maxPasses', label: 'Max passes', kind: 'count' },
    { field: 'force', label: 'Force (skip the gate)', kind: 'flag' },
  ],
  'rolling-summary': [
    { field: 'summariseAtTokens', label: 'Summarise at tokens', kind: 'tokens' },
    { field: 'keepVerbatim', label: 'Keep verbatim turns', kind: 'count' },
  ],
  'two-tier': [
    { field: 'contextWindow', label: 'Context window', kind: 'tokens' },
    { field: 'tokenThreshold', label: 'Tier 1 threshold', kind: 'tokens' },
    { field: 'hardLimitTokens', label: 'Tier 2 hard limit', kind: 'tokens' },
    { field: 'keepLast', label: 'Keep last messages', kind: 'count' },
  ],
  unified: [
    { field: 'window', label: 'Window', kind: 'tokens' },
    { field: 'triggerRatio', label: 'Trigger ratio', kind: 'ratio' },
    { field: 'reserveTokens', label: 'Reserve', kind: 'tokens' },
    { field: 'keepRecentTokens', label: 'Keep recent tokens', kind: 'tokens' },
    { field: 'hardLimitTokens', label: 'Tier 2 hard limit', kind: 'tokens' },
    { field: 'maxPasses', label: 'Max passes', kind: 'count' },
    { field: 'force', label: 'Force (skip the gate)', kind: 'flag' },
  ],
};
