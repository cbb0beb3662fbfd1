/** Small readers for untyped JSON: they never throw and return undefined for the wrong shape. */
import { isJsonObject } from '../json-value';
import { limitNesting } from './nesting-limit';

/** The value as a plain object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isJsonObject(value) ? value : undefined;
}

/**
 * The non-empty objects among a list's first `limit` entries. Detection looks only at these: an entry that is not an
 * object (a damaged record, a value cut for nesting too deeply), or an emptied one (`{}`), is no message of any format,
 * and every reader skips it with a located error, so it must not cost the file its format.
 */
export function objectsAmong(list: readonly unknown[], limit: number): Record<string, unknown>[] {
  return list.slice(0, limit).flatMap((entry) => {
    const record = asRecord(entry);
    return record && Object.keys(record).length > 0 ? [record] : [];
  });
}

/** The value as an array, or undefined. */
export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** The value as a string, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value as a finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Tool arguments as both a value and verbatim text: strings are parsed if they are JSON, objects are serialized.
 * A string that parses to a value nested deeper than the import limit stays a string, like text that is not JSON.
 */
export function toolArguments(value: unknown): { args: unknown; argsRaw: string } {
  if (typeof value === 'string') {
    try {
      const args: unknown = JSON.parse(value);
      return limitNesting(args) === undefined ? { args, argsRaw: value } : { args: value, argsRaw: value };
    } catch {
      return { args: value, argsRaw: value };
    }
  }
  if (value === undefined) return { args: {}, argsRaw: '' };
  return { args: value, argsRaw: value === null ? 'null' : stringify(value) };
}

/** Any JSON value as display text: strings as they are, everything else as JSON. */
export function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Longest id an issue quotes in full; a source can give an id of any length, and a warning must stay one short line. */
const QUOTED_ID_LIMIT = 80;

/** An id from the source as an issue quotes it: whole up to 80 characters, else its first 79 and an ellipsis. */
export function quotedId(id: string): string {
  return id.length > QUOTED_ID_LIMIT ? `${id.slice(0, QUOTED_ID_LIMIT - 1)}…` : id;
}

/**
 * The warning for a repeated source id: quoted once (capped), with the suffix its repeat got rather than the whole
 * new id, which would quote it again.
 */
export function duplicateIdWarning(what: string, sourceId: string | undefined, newId: string): string {
  const repeated = sourceId ?? '';
  return `duplicate ${what} id "${quotedId(repeated)}"; the repeat is renamed with the suffix ${newId.slice(repeated.length)}`;
}

/** Longest string `describeValue` quotes in full. */
const DESCRIBED_STRING_LIMIT = 40;

/**
 * A JSON value as a short phrase for an issue message (`"robot"`, `42`, `null`, `an object`, `missing`), so a damaged
 * field is named without echoing a whole nested value.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > DESCRIBED_STRING_LIMIT ? `${value.slice(0, DESCRIBED_STRING_LIMIT)}…` : value);
  }
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
