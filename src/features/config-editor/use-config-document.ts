import { useMemo } from 'react';
import type { ProfileId } from '../../engine/profiles/meta';
import { defaultConfigText } from '../../state/default-config';
import { useLabStore } from '../../state/store';
import { useRunStore } from '../../state/run-store';
import { parseConfigJson, type JsonSyntaxProblem } from './json-syntax';
import { documentProfile } from '../../state/prompt-problems';

/** The config being edited, read from the run store (its JSON text is the one source of truth) and how to change it. */
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

/** Reads and writes the run store's config, parsing the text once per change. */
export function useConfigDocument(): ConfigDocumentState {
  const chosenProfile = useRunStore((state) => state.profile);
  const configText = useRunStore((state) => state.configText);
  const configEdited = useRunStore((state) => state.configEdited);
  const contextWindow = useLabStore((state) => state.contextWindow);
  const text = configText ?? defaultConfigText(chosenProfile, contextWindow);
  const parsed = useMemo(() => parseConfigJson(text), [text]);
  const document = 'document' in parsed ? parsed.document : undefined;
  return {
    text,
    isEdited: configText !== undefined,
    profile: documentProfile(document) ?? chosenProfile,
    document,
    syntaxProblem: 'problem' in parsed ? parsed.problem : undefined,
    contextWindow,
    write: (next) => configEdited(JSON.stringify(next, null, 2)),
    writeText: configEdited,
  };
}
