import { isJsonObject } from '../../json-value';
import { isConfigDocument, type ConfigDocument } from './config-document';

/** A place in a config document: property names and array indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

/** The value at `path`, or undefined when any step is missing. */
export function valueAt(document: ConfigDocument, path: DocumentPath): unknown {
  let current: unknown = document;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** `withValueAt` on any value: a copy with the value at `path` replaced or removed, objects made on the way. */
function setAt(current: unknown, path: DocumentPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (Array.isArray(current) && typeof step === 'number') {
    const copy = [...current];
    copy[step] = setAt(copy[step], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isJsonObject(current) ? { ...current } : {};
  const next = rest.length === 0 ? value : setAt(copy[String(step)], rest, value);
  if (next === undefined || (rest.length > 0 && isJsonObject(next) && Object.keys(next).length === 0 && value === undefined)) delete copy[String(step)];
  else copy[String(step)] = next;
  return copy;
}

/**
 * A copy of `document` with the value at `path` replaced, or removed when `value` is undefined (the field then falls
 * back to its default). Objects left empty by a removal are removed too, so resetting every prompt leaves no
 * `prompts: {}`. The document is never changed; an empty path leaves it as it is.
 */
export function withValueAt(document: ConfigDocument, path: DocumentPath, value: unknown): ConfigDocument {
  const next = setAt(document, path, value);
  return isConfigDocument(next) ? next : document;
}

/** The path as the engine names it in its issues: `operativeSkills[0].name`. */
export function pathText(path: DocumentPath): string {
  return path.reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step), '');
}
