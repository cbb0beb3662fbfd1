/**
 * Seed 3's runtime values (`VmValue`), reduced to what a JSON-shaped callback result can hold. A user's callback is
 * JavaScript here, not a harn closure, so its return value is read the way harn reads JSON (`json_to_vm_value`): an
 * integer literal that fits `i64` is an `int`, any other number a `float`; objects are dicts whose keys iterate in
 * byte order (harn's dicts are `BTreeMap`s).
 */
export type HarnValue =
  | { kind: 'nil' }
  | { kind: 'bool'; value: boolean }
  /** The decimal text of an `i64`. */
  | { kind: 'int'; text: string }
  /** A finite float; JSON carries no NaN or infinity. */
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'list'; items: HarnValue[] }
  /** Entries sorted by the UTF-8 bytes of their keys. */
  | { kind: 'dict'; entries: [string, HarnValue][] };

const nil: HarnValue = { kind: 'nil' };
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** Thrown when a callback returns a value harn could not hold (a cycle). */
class UnrepresentableValueError extends Error {}

/**
 * Reads a JavaScript value as the harn value JSON would carry it (`JSON.stringify` then `json_to_vm_value`):
 * `toJSON` is honoured; `undefined`, functions and symbols are left out of objects and become nil in lists and at
 * the top; NaN and infinities become nil. A bigint is read as the integer it is. A cyclic value throws
 * `UnrepresentableValueError`.
 */
export function toHarnValue(value: unknown): HarnValue {
  return convert(value, '', new Set()) ?? nil;
}

function convert(input: unknown, key: string, ancestors: Set<object>): HarnValue | undefined {
  const value = withToJson(input, key);
  switch (typeof value) {
    case 'string':
      return { kind: 'string', value };
    case 'boolean':
      return { kind: 'bool', value };
    case 'number':
      return numberValue(value);
    case 'bigint':
      return value >= int64Min && value <= int64Max ? { kind: 'int', text: value.toString() } : numberValue(Number(value));
    case 'object':
      return value === null ? nil : containerValue(value, ancestors);
    default:
      // undefined, functions and symbols: JSON leaves them out.
      return undefined;
  }
}

function withToJson(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'bigint')) return value;
  const toJson = (value as { toJSON?: unknown }).toJSON;
  const converted: unknown = typeof toJson === 'function' ? (toJson as (key: string) => unknown).call(value, key) : value;
  // JSON unwraps boxed primitives (`new String('a')` is written as "a").
  if (converted instanceof Number || converted instanceof String || converted instanceof Boolean) return converted.valueOf();
  return converted;
}

function numberValue(value: number): HarnValue {
  if (!Number.isFinite(value)) return nil;
  // JSON writes the shortest digits; harn then reads a literal without '.' or exponent that fits i64 as an int.
  const text = Object.is(value, -0) ? '0' : String(value);
  if (Number.isInteger(value) && /^-?\d+$/.test(text)) {
    const integer = BigInt(text);
    if (integer >= int64Min && integer <= int64Max) return { kind: 'int', text };
  }
  return { kind: 'float', value };
}

function containerValue(value: object, ancestors: Set<object>): HarnValue {
  if (ancestors.has(value)) throw new UnrepresentableValueError('the value contains a cycle, which a harn value cannot');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return { kind: 'list', items: value.map((item: unknown, index) => convert(item, String(index), ancestors) ?? nil) };
    const entries: [string, HarnValue][] = [];
    for (const [key, item] of Object.entries(value)) {
      const converted = convert(item, key, ancestors);
      if (converted !== undefined) entries.push([key, converted]);
    }
    entries.sort(([left], [right]) => compareUtf8(left, right));
    return { kind: 'dict', entries };
  } finally {
    ancestors.delete(value);
  }
}

/** Orders strings by their UTF-8 bytes, as Rust orders `String` keys (code point order, not UTF-16 unit order). */
export function compareUtf8(left: string, right: string): number {
  const leftPoints = left[Symbol.iterator]();
  const rightPoints = right[Symbol.iterator]();
  for (;;) {
    const a = leftPoints.next();
    const b = rightPoints.next();
    if (a.done || b.done) return a.done && b.done ? 0 : a.done ? -1 : 1;
    const difference = (a.value.codePointAt(0) ?? 0) - (b.value.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
}

/** The value of `key` in a dict, or undefined when the dict has no such key (a present nil is returned as nil). */
export function dictEntry(value: HarnValue, key: string): HarnValue | undefined {
  return value.kind === 'dict' ? value.entries.find(([name]) => name === key)?.[1] : undefined;
}
