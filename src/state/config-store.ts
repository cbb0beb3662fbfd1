import { create } from 'zustand';
import { canonicalJson, defaultDocument, defaultProfileId, documentText, withPinnedLine } from '../engine/config';
import type { ProfileId } from '../engine/profiles/meta';
import { parseConfig, type ParsedConfig } from './parsed-config';
import { runAlike, withoutSampleSettings } from './sample-leaving';

/**
 * The config the page runs: the run panel's document (variant A of an A/B) and A/B's variant B beside it. Each is
 * parsed once, in the action that changes its text; readers take `document`, `syntaxProblem` and `profile` from
 * here and never parse the text again. The window is not kept here: a document that sets none inherits the page's
 * window when a request is built (`runDocument`), so nothing has to keep two windows in step.
 */
export interface ConfigState {
  /** The profile picked in the run panel: an untouched config is this profile's defaults. */
  profile: ProfileId;
  /** True once the config was written (typed, a key parameter, a preset, a share); false while it is the defaults. */
  isEdited: boolean;
  /** The run panel's config: the text the user edits, or the profile's defaults. */
  config: ParsedConfig;
  /** Variant B's config once the user edits it; undefined while B is a copy of `config`. */
  variantB?: ParsedConfig;
  /** Picks a profile: the config returns to that profile's defaults. */
  profileChosen(profile: ProfileId): void;
  /** Writes the config's text; undefined returns it to the profile's defaults. */
  configEdited(text: string | undefined): void;
  /** Writes variant B's text; undefined makes B a copy of the run panel's config again. */
  variantBEdited(text: string | undefined): void;
  /** The settings a sample opened with and the sentence that says why, while the config is still exactly them. */
  sampleSettings?: { text: string; note: string };
  /** A sample opened: the config becomes its suggested settings (`text`), said in `note`. */
  sampleSettingsApplied(text: string, note: string): void;
  /**
   * Another transcript opened (or the user asked for the defaults): A and B each lose what the sample's settings put
   * there and keep their own changes — a config left with none returns to the profile's defaults, a B left running as
   * A is a copy of A again (issue 27).
   */
  sampleSettingsLeft(): void;
  /** Adds a line to the config's pinned lines (an operative skill named `pinned`); nothing when it is not a JSON object. */
  pinAdded(line: string): void;
}

/** Which config an editor reads and writes: the run panel's (variant A of an A/B) or A/B's variant B. */
export type ConfigTarget = 'config' | 'variantB';

/** The profile's defaults as the store holds them (no window: a run inherits the page's). */
function defaultsOf(profile: ProfileId): Pick<ConfigState, 'isEdited' | 'config'> {
  return { isEdited: false, config: parseConfig(documentText(defaultDocument(profile))) };
}

/** Written text, edited unless it holds exactly the profile's defaults again (say, after a window was set and unset). */
function written(profile: ProfileId, text: string): Pick<ConfigState, 'isEdited' | 'config'> {
  const config = parseConfig(text);
  const isDefault = config.document !== undefined && canonicalJson(config.document) === canonicalJson(defaultDocument(profile));
  return { isEdited: !isDefault, config };
}

/**
 * A and B once a sample's settings are left: the sample's fields and pinned skills still as it set them come out of
 * each; A left running as the profile's defaults is the defaults again (not edited), B left running as A a copy of A.
 */
function sampleLeft(state: ConfigState): Partial<ConfigState> {
  const sample = state.sampleSettings && parseConfig(state.sampleSettings.text).document;
  if (!sample) return {};
  const documentA = state.config.document;
  let a: Pick<ConfigState, 'isEdited' | 'config'> = { isEdited: state.isEdited, config: state.config };
  if (documentA) {
    const left = withoutSampleSettings(documentA, sample);
    if (runAlike(left, defaultDocument(state.profile))) a = defaultsOf(state.profile);
    else if (left !== documentA) a = written(state.profile, documentText(left));
  }
  const documentB = state.variantB?.document;
  if (!documentB) return a;
  const leftB = withoutSampleSettings(documentB, sample);
  if (a.config.document && runAlike(leftB, a.config.document)) return { ...a, variantB: undefined };
  return leftB === documentB ? a : { ...a, variantB: parseConfig(documentText(leftB)) };
}

/** The page's config store (in memory only). */
export const useConfigStore = create<ConfigState>()((set) => ({
  profile: defaultProfileId,
  ...defaultsOf(defaultProfileId),
  profileChosen: (profile) => set({ profile, ...defaultsOf(profile) }),
  configEdited: (text) => set((state) => (text === undefined ? defaultsOf(state.profile) : written(state.profile, text))),
  variantBEdited: (text) => set({ variantB: text === undefined ? undefined : parseConfig(text) }),
  sampleSettingsApplied: (text, note) => set({ isEdited: true, config: parseConfig(text), sampleSettings: { text, note } }),
  sampleSettingsLeft: () => set((state) => ({ ...sampleLeft(state), sampleSettings: undefined })),
  pinAdded: (line) =>
    set((state) => {
      const pinned = state.config.document && withPinnedLine(state.config.document, line);
      return pinned === undefined ? {} : { isEdited: true, config: parseConfig(documentText(pinned)) };
    }),
}));
