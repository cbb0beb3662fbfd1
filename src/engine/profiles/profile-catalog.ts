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
  unified: 'Unified pipeline (all seeds composed, with stall and input-fit guards)',
};

/** The parameter a context-window choice sets, for the profiles that have one. */
export const profileWindowFields: Partial<Record<ProfileId, string>> = {
  'auto-compactor': 'window',
  'two-tier': 'contextWindow',
  unified: 'window',
};
