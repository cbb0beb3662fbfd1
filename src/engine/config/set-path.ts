import { isConfigDocument, type ConfigDocument } from './document/config-document';

/** A `--set path=value` override that could not be applied, with where and why. */
export interface OverrideError {
  override: string;
  message: string;
}

/**
 * Parses `path=value` (dotted path; the value is JSON, or a bare string when it is not valid JSON) and returns a copy
 * of `config` with the value set. The input is never mutated. Validation of the result is the schema's job.
 */
export function applyOverride(config: ConfigDocument, override: string): { config: ConfigDocument } | { error: OverrideError } {
  const separator = override.indexOf('=');
  if (separator <= 0) return { error: { override, message: 'expected path=value, e.g. window=128000' } };
  const path = override.slice(0, separator).trim().split('.');
  if (path.some((segment) => segment === '' || segment === '__proto__' || segment === 'constructor' || segment === 'prototype')) {
    return { error: { override, message: `invalid path "${override.slice(0, separator)}"` } };
  }
  const rawValue = override.slice(separator + 1);
  let value: unknown;
  try {
    value = JSON.parse(rawValue);
  } catch {
    value = rawValue;
  }
  const next = setAt(config, path, value);
  // Setting a path inside an object gives an object: the check only narrows the type.
  return { config: isConfigDocument(next) ? next : config };
}

function setAt(target: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  const isArray = Array.isArray(target);
  const base: Record<string, unknown> | unknown[] = isArray ? [...(target as unknown[])] : { ...(typeof target === 'object' && target !== null ? target : {}) };
  const current = (base as Record<string, unknown>)[head];
  (base as Record<string, unknown>)[head] = rest.length === 0 ? value : setAt(current, rest, value);
  return base;
}
