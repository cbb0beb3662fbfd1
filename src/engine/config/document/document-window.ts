import { profileMeta } from '../../profiles/meta';
import type { ConfigDocument } from './config-document';
import { documentProfile } from './document-profile';

/**
 * The parameter that holds a document's context window: its profile's `windowField`, or undefined for a profile
 * without one (rolling-summary) or a document of no known profile.
 */
export function windowFieldOf(config: ConfigDocument): string | undefined {
  const profile = documentProfile(config);
  return profile && profileMeta[profile].windowField;
}

/**
 * The window a document sets for itself, when it sets a usable one: a positive whole number of tokens in its window
 * field. Undefined when the field is absent (the run inherits the page's window) or holds something else (the schema
 * says what is wrong with it).
 */
export function ownWindowOf(config: ConfigDocument): number | undefined {
  const field = windowFieldOf(config);
  const window = field === undefined ? undefined : config[field];
  return typeof window === 'number' && Number.isInteger(window) && window > 0 ? window : undefined;
}

/**
 * Whether the document writes its window field at all (usable or not): then the window is the document's own, not
 * the page's. `null` is written too: it leaves the window to the profile (its seed's default, or none where the seed
 * has none, as harn does until it discovers the model's window).
 */
export function setsWindow(config: ConfigDocument): boolean {
  const field = windowFieldOf(config);
  return field !== undefined && config[field] !== undefined;
}

/** Whether the document leaves its window to the profile (`null` in the window field): nothing is inherited then. */
export function leavesWindowToProfile(config: ConfigDocument): boolean {
  const field = windowFieldOf(config);
  return field !== undefined && config[field] === null;
}

/** A copy with the window field set to `tokens`; the document itself when its profile has no window. */
export function withWindow(config: ConfigDocument, tokens: number): ConfigDocument {
  const field = windowFieldOf(config);
  return field === undefined ? config : { ...config, [field]: tokens };
}

/** A copy without the window field, so the run inherits the page's window again; the document itself when it sets none. */
export function withoutWindow(config: ConfigDocument): ConfigDocument {
  const field = windowFieldOf(config);
  if (field === undefined || !(field in config)) return config;
  const { [field]: _removed, ...rest } = config;
  return rest;
}

/**
 * The document a run is asked to run: with the page's window written in while the document sets none (the window is
 * inherited until the user sets one), without the field when it leaves the window to the profile (`null`), else as
 * written. The page builds every request, check and share through this, so all of them see one window.
 */
export function inheritingWindow(config: ConfigDocument, pageWindow: number): ConfigDocument {
  if (leavesWindowToProfile(config)) return withoutWindow(config);
  return setsWindow(config) ? config : withWindow(config, pageWindow);
}
