import { describe, expect, it } from 'vitest';
import { configWindow, pageWindowOf, withWindow } from './window-link';

const document = (fields: Record<string, unknown>) => JSON.stringify({ schemaVersion: 1, ...fields }, null, 2);

describe('the window link', () => {
  it('reads and writes the window field of the profile the JSON names, not the panel’s', () => {
    const twoTier = document({ profile: 'two-tier', contextWindow: 40_000 });
    expect(configWindow(twoTier, 'auto-compactor')).toMatchObject({ field: 'contextWindow', window: 40_000 });
    expect(JSON.parse(withWindow(twoTier, 'auto-compactor', 128_000) ?? '{}')).toEqual({ schemaVersion: 1, profile: 'two-tier', contextWindow: 128_000 });
    expect(JSON.parse(withWindow(document({ keepRecentTokens: 300 }), 'unified', 8192) ?? '{}')).toEqual({ schemaVersion: 1, keepRecentTokens: 300, window: 8192 });
  });

  it('leaves alone what has no window to link: rolling-summary, text that is not a JSON object, the same window', () => {
    expect(withWindow(document({ profile: 'rolling-summary' }), 'auto-compactor', 128_000)).toBeUndefined();
    expect(withWindow('{ "window": 4', 'auto-compactor', 128_000)).toBeUndefined();
    expect(withWindow('[1, 2]', 'auto-compactor', 128_000)).toBeUndefined();
    expect(withWindow(document({ profile: 'auto-compactor', window: 128_000 }), 'auto-compactor', 128_000)).toBeUndefined();
  });

  it('gives the page only a positive whole window', () => {
    expect(pageWindowOf(document({ window: 40_000 }), 'auto-compactor')).toBe(40_000);
    for (const window of [0, -5, 1.5, '40000', null]) expect(pageWindowOf(document({ window }), 'auto-compactor')).toBeUndefined();
  });
});
