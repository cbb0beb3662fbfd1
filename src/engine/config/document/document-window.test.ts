import { describe, expect, it } from 'vitest';
import { inheritingWindow, ownWindowOf, setsWindow, windowFieldOf, withWindow, withoutWindow } from './document-window';

const document = (fields: Record<string, unknown>): Record<string, unknown> => ({ schemaVersion: 1, ...fields });

describe('a document’s window', () => {
  it('is read and written at the window field of the profile the document names', () => {
    const twoTier = document({ profile: 'two-tier', contextWindow: 40_000 });
    expect(windowFieldOf(twoTier)).toBe('contextWindow');
    expect(ownWindowOf(twoTier)).toBe(40_000);
    expect(withWindow(twoTier, 128_000)).toEqual({ schemaVersion: 1, profile: 'two-tier', contextWindow: 128_000 });
    expect(twoTier.contextWindow).toBe(40_000);
  });

  it('is the default profile’s field for a document that names none', () => {
    expect(withWindow(document({ keepRecentTokens: 300 }), 8192)).toEqual({ schemaVersion: 1, keepRecentTokens: 300, window: 8192 });
  });

  it('does not exist for rolling-summary or a document of no known profile', () => {
    const rolling = document({ profile: 'rolling-summary' });
    expect(windowFieldOf(rolling)).toBeUndefined();
    expect(withWindow(rolling, 128_000)).toBe(rolling);
    expect(inheritingWindow(rolling, 128_000)).toBe(rolling);
    expect(withWindow(document({ profile: 'nope' }), 5)).toEqual({ schemaVersion: 1, profile: 'nope' });
  });

  it('is own only as a positive whole number; any value written is still the document’s, not the page’s', () => {
    for (const window of [0, -5, 1.5, '40000']) {
      expect(ownWindowOf(document({ window }))).toBeUndefined();
      expect(setsWindow(document({ window }))).toBe(true);
      expect(inheritingWindow(document({ window }), 200_000)).toEqual(document({ window }));
    }
  });

  it('is left to the profile by null: nothing inherited, and the field gone from what runs', () => {
    const harnRaw = document({ profile: 'two-tier', contextWindow: null });
    expect(setsWindow(harnRaw)).toBe(true);
    expect(inheritingWindow(harnRaw, 200_000)).toEqual(document({ profile: 'two-tier' }));
  });

  it('is inherited from the page while the document sets none, and removing it inherits again', () => {
    expect(setsWindow(document({}))).toBe(false);
    expect(inheritingWindow(document({}), 200_000)).toEqual(document({ window: 200_000 }));
    expect(inheritingWindow(document({ window: 60_000 }), 200_000)).toEqual(document({ window: 60_000 }));
    expect(withoutWindow(document({ window: 60_000, force: true }))).toEqual(document({ force: true }));
    expect(inheritingWindow(withoutWindow(document({ window: 60_000 })), 200_000)).toEqual(document({ window: 200_000 }));
  });
});
