import type { PinStyle } from '../pins/collect-pins';
import type { CodeLanguage } from './code/code-language';
import type { ProfileLimits } from './profile-limits';
import type { PromptSlot } from './prompt-slot';
import type { ProfileUpstream } from './upstream-deviation';

/**
 * What the page knows about a profile without loading its code: every profile folder's `meta.ts` exports one, and the
 * main-thread registry (`profiles/meta.ts`) lists them. Plain data and tiny pure functions only — a `meta.ts` never
 * imports its profile's run code, so the page bundle carries none.
 */
export interface ProfileMeta<Id extends string = string> {
  /** The profile's id, as configs name it; the same as its folder's name. */
  id: Id;
  /** How the profile is named to the user: by what it does (configs, the CLI and `--json` keep the id). */
  label: string;
  /** Where the profile comes from, the subtitle beside its name: the upstream code it follows, or ours. */
  origin: string;
  /** The parameter a context-window choice sets, when the profile has one. */
  windowField?: string;
  /** The parameters the run panel offers as their own fields (the rest are edited in the config JSON). */
  keyParameters: readonly KeyParameter[];
  /** The Tokens view's what-if inputs, named for the parameters the profile's seed has. */
  whatIfFields: readonly WhatIfField[];
  /** Starting configs in this profile: its seed's defaults, a host's variant, or a peer's behaviour approximated. */
  presets: readonly ProfilePreset[];
  /** The prompts the profile sends, as the user can override them. */
  promptSlots: readonly PromptSlot[];
  /** The language of the profile's own seed: the Code tab shows it first, and other languages point to it. */
  codeLanguage: CodeLanguage;
  /** The upstream code the profile follows and every place it deliberately departs from it. */
  upstream: ProfileUpstream;
  /**
   * Present when the profile takes pinned lines (`operativeSkills[].operative[]`), with how it reads them: `seed` as
   * the Dart manifest parser does, `lab` the unified profile's own way. Every pin check and the page's Pin buttons
   * ask this, never a list of profile ids.
   */
  pins?: { style: PinStyle };
  /**
   * The setting that makes the profile compact whatever its gate says (its force flag, or its threshold at the lowest
   * value it takes), so a comparison with the agent's own compaction has a compacted context on the profile's side
   * too; absent for a profile with neither.
   */
  forceGate?: { field: string; value: boolean | number };
  /**
   * The profile's own settings that bound what it keeps beside its summary to about `tokens` (parameter → value, set
   * over a config), so its compacted context can be compared with another summary of that size — the agent's own, in
   * the Vs agent view, `versus --size-like-agent` and the quality bench. Empty when the profile's defaults already
   * keep little beside the summary. It may also force the gate (the agent compacted where it is compared). The summary itself is not a profile parameter: the caller bounds it for every
   * profile with the offline summarizer's `offlineSummary.summaryMaxTokens`.
   */
  sizedLike(tokens: number): Record<string, unknown>;
}

/** A parameter the run panel offers as its own field. */
export interface KeyParameter {
  field: string;
  label: string;
  /** `tokens`/`count`: whole numbers; `ratio`: a fraction of the window; `flag`: true or false. */
  kind: 'tokens' | 'count' | 'ratio' | 'flag';
}

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
  startingValue(limits: ProfileLimits): number | null | undefined;
}

/**
 * A starting config in one profile. `parameters` gets the page's context window, since most rules are relative; the
 * page adds the profile's window field itself unless `leavesWindowUnset`.
 */
export interface ProfilePreset {
  id: string;
  label: string;
  /** True when the preset only approximates a system that is not one of our seeds. */
  isApproximation: boolean;
  /** Where the numbers come from (a section of the shared spec). */
  source: string;
  /** What the preset cannot reproduce, in a sentence. */
  note?: string;
  /** True when the preset leaves the window unset (Harn without a discovered model window: no threshold adaptation). */
  leavesWindowUnset?: boolean;
  parameters(window: number): Record<string, unknown>;
}
