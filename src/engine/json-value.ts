/**
 * A JSON object as `JSON.parse` gives it, before any schema has checked it: the shape of every config document,
 * envelope and source record the engine reads. Its values are left `unknown`, since nothing has vouched for them yet.
 */
export type JsonObject = { [key: string]: unknown };

/** Whether a value is a JSON object: not null, not an array, not a primitive. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
