import type { ProfileId } from '../../engine/profiles/meta';
import { useConfigStore, type ConfigTarget } from '../../state/config-store';
import type { JsonSyntaxProblem } from '../../state/parsed-config';
import { useLabStore } from '../../state/store';

/** The config being edited, read from the config store (its JSON text is the one source of truth) and how to change it. */
export interface ConfigDocumentState {
  text: string;
  isEdited: boolean;
  /** The profile the form describes: the document's own, else the one chosen in the panel. */
  profile: ProfileId;
  document?: unknown;
  syntaxProblem?: JsonSyntaxProblem;
  contextWindow: number;
  /** Writes a whole document back as JSON text. */
  write(document: unknown): void;
  /** Writes text as typed (raw mode); undefined returns to the profile's defaults. */
  writeText(text: string | undefined): void;
}

/**
 * Reads and writes one of the config store's documents (parsed there, once per change): the run panel's config, or
 * variant B (a copy of the run panel's until written; writing undefined makes it that copy again).
 */
export function useConfigDocument(target: ConfigTarget = 'config'): ConfigDocumentState {
  const chosenProfile = useConfigStore((state) => state.profile);
  const config = useConfigStore((state) => (target === 'variantB' ? (state.variantB ?? state.config) : state.config));
  const isEdited = useConfigStore((state) => (target === 'variantB' ? state.variantB !== undefined : state.isEdited));
  const edited = useConfigStore((state) => (target === 'variantB' ? state.variantBEdited : state.configEdited));
  const contextWindow = useLabStore((state) => state.contextWindow);
  return {
    text: config.text,
    isEdited,
    profile: config.profile ?? chosenProfile,
    document: config.document,
    syntaxProblem: config.syntaxProblem,
    contextWindow,
    write: (next) => edited(JSON.stringify(next, null, 2)),
    writeText: edited,
  };
}
