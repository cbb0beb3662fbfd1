import { describe, expect, it } from 'vitest';
import { parseConfig } from './parsed-config';
import { configWindow, pageWindowOf, withWindow } from './window-link';

const document = (fields: Record<string, unknown>) => ({ schemaVersion: 1, ...fields });

describe('the window link', () => {
  it('reads and writes the window field of the profile the JSON names, not the panel’s', () => {
    const twoTier = document({ profile: 'two-tier', contextWindow: 40_000 });
    expect(configWindow(twoTier)).toMatchObject({ field: 'contextWindow', window: 40_000 });
    expect(JSON.parse(withWindow(twoTier, 128_000) ?? '{}')).toEqual({ schemaVersion: 1, profile: 'two-tier', contextWindow: 128_000 });
    expect(JSON.parse(withWindow(document({ keepRecentTokens: 300 }), 8192) ?? '{}')).toEqual({ schemaVersion: 1, keepRecentTokens: 300, window: 8192 });
  });

  it('reads a document that names no profile as the engine runs it (the default profile), whatever the panel picked', () => {
    // Regression: the link used the panel's profile for such a document, so with two-tier picked it read and mended
    // `contextWindow` while the engine ran the auto-compactor on `window`.
    expect(configWindow(document({ window: 40_000 }))).toMatchObject({ field: 'window', window: 40_000 });
    expect(JSON.parse(withWindow(document({ window: 40_000 }), 128_000) ?? '{}')).toEqual({ schemaVersion: 1, window: 128_000 });
  });

  it('leaves alone what has no window to link: rolling-summary, text that is not a JSON object, the same window', () => {
    expect(withWindow(document({ profile: 'rolling-summary' }), 128_000)).toBeUndefined();
    expect(withWindow(parseConfig('{ "window": 4').document, 128_000)).toBeUndefined();
    expect(withWindow(parseConfig('[1, 2]').document, 128_000)).toBeUndefined();
    expect(withWindow(document({ profile: 'auto-compactor', window: 128_000 }), 128_000)).toBeUndefined();
  });

  it('gives the page only a positive whole window', () => {
    expect(pageWindowOf(document({ window: 40_000 }))).toBe(40_000);
    for (const window of [0, -5, 1.5, '40000', null]) expect(pageWindowOf(document({ window }))).toBeUndefined();
  });
});
