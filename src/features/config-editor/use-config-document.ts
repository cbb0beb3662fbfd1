import { documentText, type ConfigDocument } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { useConfigStore, type ConfigTarget } from '../../state/config-store';
import type { ParsedConfig } from '../../state/parsed-config';
import { useLabStore } from '../../state/store';

/** The config being edited, read from the config store (its JSON text is the one source of truth) and how to change it. */
export interface ConfigDocumentState {
  text: string;
  isEdited: boolean;
  /** The profile the form describes: the document's own, else the one chosen in the panel. */
  profile: ProfileId;
  document?: ConfigDocument;
  /** The parse of the text, for what it says when the text is not a JSON object. */
  parsed: ParsedConfig;
  contextWindow: number;
  /** Writes a whole document back as JSON text. */
  write(document: ConfigDocument): void;
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
    parsed: config,
    contextWindow,
    write: (next) => edited(documentText(next)),
    writeText: edited,
  };
}
