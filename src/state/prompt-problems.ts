import { promptSlotsOf, unknownVariables, upstreamPlaceholderProblem } from '../engine/config';
import { valueAt } from './document-paths';
import { documentProfile } from './parsed-config';

/**
 * What is wrong with the prompt overrides a config document carries, in words a user reads: each `{{name}}` the prompt
 * does not fill would reach the model as literal braces, and so would an upstream placeholder such as harn's
 * `{formatted}` (with the conversation left out), so a run must not start while this is non-empty.
 * A document that is not a config (or names an unknown profile) has no prompt problems here: the schema reports it.
 */
export function promptProblems(configDocument: unknown): string[] {
  const profile = documentProfile(configDocument);
  if (!profile) return [];
  return promptSlotsOf(profile).flatMap((slot) => {
    const text = valueAt(configDocument, slot.path);
    if (typeof text !== 'string') return [];
    const problems: string[] = [];
    const unknown = unknownVariables(slot, text);
    if (unknown.length > 0) {
      const allowed = slot.variables.length === 0 ? 'it takes no variables' : `it can use ${slot.variables.map((name) => `{{${name}}}`).join(', ')}`;
      problems.push(`${slot.label} (${slot.path.join('.')}) uses ${unknown.map((name) => `{{${name}}}`).join(', ')}, which it does not fill: ${allowed}.`);
    }
    const upstream = upstreamPlaceholderProblem(slot, text);
    if (upstream) problems.push(upstream);
    return problems;
  });
}
