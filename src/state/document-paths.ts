/** A place in a config document: property names and array indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

/** The value at `path`, or undefined when any step is missing. */
export function valueAt(document: unknown, path: DocumentPath): unknown {
  let current = document;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** Whether a value is a JSON object (not null, not an array): the shape every config document has. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `document` with the value at `path` replaced, or removed when `value` is undefined (the field then falls
 * back to its default). Objects left empty by a removal are removed too, so resetting every prompt leaves no `prompts: {}`.
 */
export function withValueAt(document: unknown, path: DocumentPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (Array.isArray(document) && typeof step === 'number') {
    const copy = [...document];
    copy[step] = withValueAt(copy[step], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(document) ? { ...document } : {};
  const next = rest.length === 0 ? value : withValueAt(copy[String(step)], rest, value);
  if (next === undefined || (rest.length > 0 && isRecord(next) && Object.keys(next).length === 0 && value === undefined)) delete copy[String(step)];
  else copy[String(step)] = next;
  return copy;
}

/** The path as the engine names it in its issues: `operativeSkills[0].name`. */
export function pathText(path: DocumentPath): string {
  return path.reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step), '');
}
