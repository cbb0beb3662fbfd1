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
}

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
}));

// The settings store owns the page's window; an untouched config must read as the defaults for the window now shown.
useLabStore.subscribe((state, previous) => {
  if (state.contextWindow !== previous.contextWindow) useConfigStore.getState().pageWindowChanged(state.contextWindow);
});
