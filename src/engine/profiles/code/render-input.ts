import type { ProfileMeta } from '../profile-meta';

/** A rendered snippet: the code to copy, and what the reader should know about it (not part of the code). */
export interface ConfigCode {
  code: string;
  notes: string[];
}

/** A config's parameters as the generic helpers read them: field by name. */
export type ConfigFields = Readonly<Record<string, unknown>>;

/** What every language renderer reads: the validated parameters beside the profile's defaults. */
export interface RenderInput<Config extends ConfigFields = ConfigFields> {
  /** Whose parameters these are (a snippet for a language the profile has no counterpart in names it). */
  meta: Pick<ProfileMeta, 'id' | 'label' | 'codeLanguage'>;
  parameters: Config;
  defaults: Config;
  /** Emit every value, not only those that differ from the defaults. */
  emitAll: boolean;
}

/** Whether a parameter belongs in the snippet: always with `emitAll`, else only when it differs from the default. */
export function isShown(input: RenderInput, field: string): boolean {
  if (input.emitAll) return true;
  return JSON.stringify(input.parameters[field] ?? null) !== JSON.stringify(input.defaults[field] ?? null);
}

/** The parameters a renderer did not map, in config order, filtered by {@link isShown}. */
export function unmappedFields(input: RenderInput, mapped: readonly string[]): string[] {
  return Object.keys(input.parameters).filter((field) => !mapped.includes(field) && isShown(input, field));
}

/**
 * A millisecond count as the largest whole unit that holds it exactly, for languages whose durations take units
 * (Dart `Duration(minutes: 15)`): microseconds only when the count is fractional.
 */
export function durationParts(milliseconds: number): { unit: 'minutes' | 'seconds' | 'milliseconds' | 'microseconds'; amount: number } {
  if (!Number.isInteger(milliseconds)) return { unit: 'microseconds', amount: Math.round(milliseconds * 1000) };
  if (milliseconds !== 0 && milliseconds % 60_000 === 0) return { unit: 'minutes', amount: milliseconds / 60_000 };
  if (milliseconds !== 0 && milliseconds % 1000 === 0) return { unit: 'seconds', amount: milliseconds / 1000 };
  return { unit: 'milliseconds', amount: milliseconds };
}
