/** A JSON-shaped value as a TypeScript literal; JSON's escapes are valid in TS strings and keep each on one line. */
export function tsValue(value: unknown): string {
  return JSON.stringify(value ?? null);
}
