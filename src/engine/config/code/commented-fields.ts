import { profileMeta } from '../../profiles/meta';
import { unmappedFields, type ConfigCode, type RenderInput } from './render-input';

/** Writes a value as a literal of the target language (so a value in a comment reads as it would in code). */
export type LiteralWriter = (value: unknown) => string;

/**
 * One comment line per parameter the target has no place for: its name, its value as the target would write it, and
 * why it has no counterpart. Values are literals, so even a multi-line prompt stays on its comment line.
 */
export function commentedFields(input: RenderInput, fields: readonly string[], literal: LiteralWriter, reasons: Readonly<Record<string, string>>, fallbackReason: string): string[] {
  return fields.map((field) => `// ${field}: ${literal(input.parameters[field] ?? null)} — ${reasons[field] ?? fallbackReason}`);
}

/**
 * The snippet for a profile the target seed does not implement: a header saying so, and the config's values as
 * comments, so nothing is invented and nothing is silently lost.
 */
export function notApplicable(input: RenderInput, target: string, suggestion: string, literal: LiteralWriter): ConfigCode {
  const fields = unmappedFields(input, []);
  const lines = [
    `// Compaction Lab config — profile ${input.profile}: ${profileMeta[input.profile].label}.`,
    `// ${target} is a different seed: none of this profile's parameters has a counterpart there. ${suggestion}`,
    ...(fields.length > 0 ? ['// The config\'s values, for reference only:', ...commentedFields(input, fields, literal, {}, 'no counterpart')] : ['// The config uses this profile\'s defaults.']),
  ];
  return { code: `${lines.join('\n')}\n`, notes: [`The ${input.profile} profile has no counterpart in ${target}; the snippet only lists its values as comments. ${suggestion}`] };
}
