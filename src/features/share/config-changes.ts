/** One field a config document changes: its dotted path, and its value before and after as a short text. */
export interface FieldChange {
  path: string;
  /** Undefined: the field is not set now. */
  before?: string;
  /** Undefined: applying removes the field. */
  after?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Past this a value is summed up rather than shown: the list says what changes, the JSON below shows it all. */
const shownCharacters = 60;

function shortText(value: unknown): string {
  if (typeof value === 'string' && value.length > shownCharacters) return `a text of ${value.length.toLocaleString('en-US')} characters`;
  const json = JSON.stringify(value);
  return json.length > shownCharacters ? `${json.slice(0, shownCharacters - 1)}…` : json;
}

/**
 * What applying `after` in place of `before` changes, field by field (nested objects by their dotted paths, in key
 * order): a list a reader can check before anything is applied. Fields equal on both sides are left out.
 */
export function documentChanges(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const path = `${prefix}${key}`;
    const [was, will] = [before[key], after[key]];
    // An object on one side and nothing on the other is listed by its fields too: `prompts.summary`, not `prompts`.
    if ((isPlainObject(was) || was === undefined) && (isPlainObject(will) || will === undefined)) return documentChanges(was ?? {}, will ?? {}, `${path}.`);
    if (JSON.stringify(was) === JSON.stringify(will)) return [];
    return [{ path, ...(was === undefined ? {} : { before: shortText(was) }), ...(will === undefined ? {} : { after: shortText(will) }) }];
  });
}
