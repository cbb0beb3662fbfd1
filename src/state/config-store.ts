import { create } from 'zustand';
import type { ProfileId } from '../engine/profiles/meta';
import { defaultConfigText } from './default-config';
import { defaultProfile, parseConfig, type ParsedConfig } from './parsed-config';
import { useLabStore } from './store';

/**
 * The config the page runs: the run panel's document (variant A of an A/B) and A/B's variant B beside it. Each is
 * parsed once, in the action that changes its text; readers take `document`, `syntaxProblem` and `profile` from
 * here and never parse the text again.
 */
export interface ConfigState {
  /** The profile picked in the run panel: an untouched config is this profile's defaults. */
  profile: ProfileId;
  /** The page's context window, which an untouched config carries (kept in step with the settings store). */
  pageWindow: number;
  /** True once the config was written (typed, a key parameter, a preset, a share); false while it is the defaults. */
  isEdited: boolean;
  /** The run panel's config: the text the user edits, or the profile's defaults for the page's window. */
  config: ParsedConfig;
  /** Variant B's config once the user edits it; undefined while B is a copy of `config`. */
  variantB?: ParsedConfig;
  /** Picks a profile: the config returns to that profile's defaults. */
  profileChosen(profile: ProfileId): void;
  /** Writes the config's text; undefined returns it to the profile's defaults. */
  configEdited(text: string | undefined): void;
  /** Writes variant B's text; undefined makes B a copy of the run panel's config again. */
  variantBEdited(text: string | undefined): void;
  /** The page's context window changed: an untouched config follows it. */
  pageWindowChanged(contextWindow: number): void;
  /** The settings a sample opened with and the sentence that says why, while the config is still exactly them. */
  sampleSettings?: { text: string; note: string };
  /** A sample opened: the config becomes its suggested settings (`text`), said in `note`. */
  sampleSettingsApplied(text: string, note: string): void;
  /** Another transcript opened: a config still at a sample's settings returns to the profile's defaults. */
  sampleSettingsLeft(): void;
  /** Adds a line to the config's pinned lines (an operative skill named `pinned`); nothing when it is not a JSON object. */
  pinAdded(line: string): void;
}

/** The operative skill the page's "Pin" buttons add lines to. */
const pinnedSkillName = 'pinned';

/** The config text with `line` added to its `pinned` operative skill, or undefined when the document is not an object or has it. */
function withPin(document: unknown, line: string): string | undefined {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return undefined;
  const config = document as Record<string, unknown>;
  const skills: unknown[] = Array.isArray(config.operativeSkills) ? [...(config.operativeSkills as unknown[])] : [];
  const at = skills.findIndex((skill) => typeof skill === 'object' && skill !== null && (skill as { name?: unknown }).name === pinnedSkillName);
  const existing = at >= 0 ? (skills[at] as { operative?: unknown }) : undefined;
  const lines = Array.isArray(existing?.operative) ? (existing.operative as unknown[]) : [];
  if (lines.includes(line)) return undefined;
  const skill = { ...existing, name: pinnedSkillName, operative: [...lines, line] };
  if (at >= 0) skills[at] = skill;
  else skills.push(skill);
  return JSON.stringify({ ...config, operativeSkills: skills }, null, 2);
}

/** Which config an editor reads and writes: the run panel's (variant A of an A/B) or A/B's variant B. */
export type ConfigTarget = 'config' | 'variantB';

/** The profile's defaults as the store holds them. */
function defaultsOf(profile: ProfileId, pageWindow: number): Pick<ConfigState, 'isEdited' | 'config'> {
  return { isEdited: false, config: parseConfig(defaultConfigText(profile, pageWindow)) };
}

const startingWindow = useLabStore.getState().contextWindow;

/** The page's config store (in memory only). */
export const useConfigStore = create<ConfigState>()((set) => ({
  profile: defaultProfile,
  pageWindow: startingWindow,
  ...defaultsOf(defaultProfile, startingWindow),
  profileChosen: (profile) => set((state) => ({ profile, ...defaultsOf(profile, state.pageWindow) })),
  configEdited: (text) => set((state) => (text === undefined ? defaultsOf(state.profile, state.pageWindow) : { isEdited: true, config: parseConfig(text) })),
  variantBEdited: (text) => set({ variantB: text === undefined ? undefined : parseConfig(text) }),
  pageWindowChanged: (pageWindow) => set((state) => (state.isEdited ? { pageWindow } : { pageWindow, ...defaultsOf(state.profile, pageWindow) })),
  sampleSettingsApplied: (text, note) => set({ isEdited: true, config: parseConfig(text), sampleSettings: { text, note } }),
  sampleSettingsLeft: () =>
    set((state) => (state.sampleSettings?.text === state.config.text ? { sampleSettings: undefined, ...defaultsOf(state.profile, state.pageWindow) } : { sampleSettings: undefined })),
  pinAdded: (line) =>
    set((state) => {
      const text = withPin(state.config.document, line);
      return text === undefined ? {} : { isEdited: true, config: parseConfig(text) };
    }),
}));

// The settings store owns the page's window; an untouched config must read as the defaults for the window now shown.
useLabStore.subscribe((state, previous) => {
  if (state.contextWindow !== previous.contextWindow) useConfigStore.getState().pageWindowChanged(state.contextWindow);
});
