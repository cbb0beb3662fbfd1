import { profileMeta } from '../engine/profiles/meta';
import { isRecord } from './document-paths';
import { documentProfile } from './parsed-config';

/** The window a config document sets, by the window field of the profile it runs with (`documentProfile`). */
export interface ConfigWindow {
  document: Record<string, unknown>;
  field: string;
  window: unknown;
}

/** The config's window field and value, when the document is a JSON object of a profile that has a window; else undefined. */
export function configWindow(document: unknown): ConfigWindow | undefined {
  if (!isRecord(document)) return undefined;
  const profile = documentProfile(document);
  const field = profile && profileMeta[profile].windowField;
  return field ? { document, field, window: document[field] } : undefined;
}

/** The config text with its window set to `window`, or undefined when it has no window to set or already has that one. */
export function withWindow(document: unknown, window: number): string | undefined {
  const current = configWindow(document);
  if (!current || current.window === window) return undefined;
  return JSON.stringify({ ...current.document, [current.field]: window }, null, 2);
}

/** A window the page can take from the config: a positive whole number of tokens, else undefined. */
export function pageWindowOf(document: unknown): number | undefined {
  const window = configWindow(document)?.window;
  return typeof window === 'number' && Number.isInteger(window) && window > 0 ? window : undefined;
}
