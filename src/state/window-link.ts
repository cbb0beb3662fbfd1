import { profileMeta, type ProfileId } from '../engine/profiles/meta';
import { readConfigText } from './default-config';

/** The window a config document sets, by the window field of the profile it names (its own `profile`, else `fallback`). */
export interface ConfigWindow {
  document: Record<string, unknown>;
  field: string;
  window: unknown;
}

/** The config's window field and value, when the text is a JSON object of a profile that has a window; else undefined. */
export function configWindow(text: string, fallback: ProfileId): ConfigWindow | undefined {
  const read = readConfigText(text);
  if (!('config' in read) || typeof read.config !== 'object' || read.config === null || Array.isArray(read.config)) return undefined;
  const document = read.config as Record<string, unknown>;
  const profile = typeof document.profile === 'string' ? document.profile : fallback;
  const field = profileMeta[profile as ProfileId].windowField;
  return field ? { document, field, window: document[field] } : undefined;
}

/** The config text with its window set to `window`, or undefined when it has no window to set or already has that one. */
export function withWindow(text: string, fallback: ProfileId, window: number): string | undefined {
  const current = configWindow(text, fallback);
  if (!current || current.window === window) return undefined;
  return JSON.stringify({ ...current.document, [current.field]: window }, null, 2);
}

/** A window the page can take from the config: a positive whole number of tokens, else undefined. */
export function pageWindowOf(text: string, fallback: ProfileId): number | undefined {
  const window = configWindow(text, fallback)?.window;
  return typeof window === 'number' && Number.isInteger(window) && window > 0 ? window : undefined;
}
