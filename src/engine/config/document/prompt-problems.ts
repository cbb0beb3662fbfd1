import { promptSlotsOf, unknownVariables, upstreamPlaceholderProblem } from '../prompt-catalog';
import type { ConfigDocument } from './config-document';
import { documentProfile } from './document-profile';
import { pathText, valueAt } from './document-paths';

/** A prompt override that would reach the model broken: where it is, and what is wrong, in a sentence naming both. */
export interface PromptProblem {
  /** The prompt slot's id (`summary`, `summarizePrompt`), as an envelope's `prompts` keys it. */
  slotId: string;
  /** The override's path in the document (`prompts.summary`). */
  path: string;
  /** The whole sentence: the prompt's name, its path, and what it does not fill. */
  message: string;
}

/**
 * What is wrong with the prompt overrides a config document carries: each `{{name}}` the prompt does not fill would
 * reach the model as literal braces, and so would an upstream placeholder such as harn's `{formatted}` (with the
 * conversation left out). Every surface refuses to run while this is non-empty (`preflight` in the lab; the page says
 * it before the round trip). A document of no known profile has none here: the schema check reports it.
 */
export function promptProblems(document: ConfigDocument): PromptProblem[] {
  const profile = documentProfile(document);
  if (!profile) return [];
  return promptSlotsOf(profile).flatMap((slot) => {
    const text = valueAt(document, slot.path);
    if (typeof text !== 'string') return [];
    const path = pathText(slot.path);
    const problems: PromptProblem[] = [];
    const unknown = unknownVariables(slot, text);
    if (unknown.length > 0) {
      const allowed = slot.variables.length === 0 ? 'it takes no variables' : `it can use ${slot.variables.map((name) => `{{${name}}}`).join(', ')}`;
      problems.push({ slotId: slot.id, path, message: `${slot.label} (${path}) uses ${unknown.map((name) => `{{${name}}}`).join(', ')}, which it does not fill: ${allowed}.` });
    }
    const upstream = upstreamPlaceholderProblem(slot, text);
    if (upstream) problems.push({ slotId: slot.id, path, message: upstream });
    return problems;
  });
}
