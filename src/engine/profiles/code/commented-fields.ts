import type { ConfigFields, ConfigCode, RenderInput } from './render-input';
import { unmappedFields } from './render-input';

/** Writes a value as a literal of the target language (so a value in a comment reads as it would in code). */
type LiteralWriter = (value: unknown) => string;

/**
 * One comment line per parameter the target has no place for: its name, its value as the target would write it, and
 * why it has no counterpart. Values are literals, so even a multi-line prompt stays on its comment line.
 */
export function commentedFields(input: RenderInput, fields: readonly string[], literal: LiteralWriter, reasons: Readonly<Record<string, string>>, fallbackReason: string): string[] {
  return fields.map((field) => `// ${field}: ${literal(input.parameters[field] ?? null)} — ${reasons[field] ?? fallbackReason}`);
}

/** What a snippet for a seed the profile does not implement says: the seed's API, and how to list a value. */
export interface ForeignTarget {
  /** The target seed's API, e.g. `Dart AutoCompactor (seed 1)`. */
  target: string;
  literal: LiteralWriter;
}

/**
 * The snippet for a profile the target seed does not implement: a header saying so, and the config's values as
 * comments, so nothing is invented and nothing is silently lost. `suggestion` points to the profile's own language.
 */
export function notApplicable<Config extends ConfigFields>(input: RenderInput<Config>, { target, literal }: ForeignTarget, suggestion: string): ConfigCode {
  const fields = unmappedFields(input, []);
  const { id, label } = input.meta;
  const lines = [
    `// Compaction Lab config — profile ${id}: ${label}.`,
    `// ${target} is a different seed: none of this profile's parameters has a counterpart there. ${suggestion}`,
    ...(fields.length > 0 ? ['// The config\'s values, for reference only:', ...commentedFields(input, fields, literal, {}, 'no counterpart')] : ['// The config uses this profile\'s defaults.']),
  ];
  return { code: `${lines.join('\n')}\n`, notes: [`The ${id} profile has no counterpart in ${target}; the snippet only lists its values as comments. ${suggestion}`] };
}
