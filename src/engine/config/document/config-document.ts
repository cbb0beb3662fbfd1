import { isJsonObject, type JsonObject } from '../../json-value';

/**
 * A config document as users write it and every surface carries it: one flat JSON object
 * `{schemaVersion?, profile?, offlineSummary?, …the profile's parameters}`, not yet checked against the profile's
 * schema (`parseLabConfig` does that, in the worker and the CLI). A parsed `LabConfig` holds its parameters under
 * `parameters` instead; `parameters?: never` makes the compiler refuse one where the other is meant, the mix-up that
 * once made every replay read a config's pinned lines from the wrong level.
 */
export type ConfigDocument = JsonObject & { parameters?: never };

/** Whether a value can be a config document: a JSON object (the schema says later whether its fields are right). */
export function isConfigDocument(value: unknown): value is ConfigDocument {
  return isJsonObject(value);
}
