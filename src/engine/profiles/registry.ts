import { z } from 'zod';
import type { Profile } from '../run/profile';
import { autoCompactorConfigSchema, autoCompactorProfile } from './auto-compactor';
import { rollingSummaryConfigSchema, rollingSummaryProfile } from './rolling-summary';
import { twoTierConfigSchema, twoTierProfile } from './two-tier';
import { unifiedConfigSchema, unifiedProfile } from './unified';

/** Every profile id. */
export const profileIds = ['auto-compactor', 'rolling-summary', 'two-tier', 'unified'] as const;

/** A profile id. */
export type ProfileId = (typeof profileIds)[number];

/** A profile with what the config layer needs to know about it. */
export interface ProfileEntry {
  id: ProfileId;
  label: string;
  profile: Profile<unknown>;
  /** The profile's parameters, named as its seed names them, with the seed's defaults. */
  schema: z.ZodObject;
  /** The parameter a `--window` / context-window choice sets, when the profile has one. */
  windowField?: string;
}

/** The registry, keyed by id. */
export const profileEntries: Record<ProfileId, ProfileEntry> = {
  'auto-compactor': {
    id: 'auto-compactor',
    label: 'Auto-compactor (seed 1, Dart AutoCompactor)',
    profile: autoCompactorProfile as Profile<unknown>,
    schema: autoCompactorConfigSchema,
    windowField: 'window',
  },
  'rolling-summary': {
    id: 'rolling-summary',
    label: 'Rolling summary (seed 2, ADK assembleCompactedTurns)',
    profile: rollingSummaryProfile as Profile<unknown>,
    schema: rollingSummaryConfigSchema,
  },
  'two-tier': {
    id: 'two-tier',
    label: 'Two-tier (seed 3, Harn AutoCompactConfig)',
    profile: twoTierProfile as Profile<unknown>,
    schema: twoTierConfigSchema,
    windowField: 'contextWindow',
  },
  unified: {
    id: 'unified',
    label: 'Unified pipeline (all seeds composed, with stall and input-fit guards)',
    profile: unifiedProfile as Profile<unknown>,
    schema: unifiedConfigSchema,
    windowField: 'window',
  },
};
