import { describe, expect, it } from 'vitest';
import { triggerRatioInference } from './auto-compactor-config';
import { defaultCompactionSettings, forWindow, forWindowProportional, gateThreshold, shouldCompact } from './gate';

describe('gate (spec §1.3)', () => {
  it('shouldCompact 83616/83617: strict > window − reserve at window 100000', () => {
    expect(shouldCompact(83616, 100000, defaultCompactionSettings)).toBe(false);
    expect(shouldCompact(83617, 100000, defaultCompactionSettings)).toBe(true);
  });

  it('disabled settings never compact', () => {
    expect(shouldCompact(999999, 100000, { ...defaultCompactionSettings, isEnabled: false })).toBe(false);
  });

  it('D31: triggerRatio (inferred: the newest shouldCompact body was not read) fires at min(window − reserve, floor(ratio × window))', () => {
    const settings = { reserveTokens: 50000, keepRecentTokens: 80000, triggerRatio: 0.7 };
    expect(gateThreshold(200000, settings)).toBe(140000);
    expect(shouldCompact(140000, 200000, settings)).toBe(false);
    expect(shouldCompact(140001, 200000, settings)).toBe(true);
    expect(gateThreshold(100000, settings)).toBe(50000);
    expect(gateThreshold(100000, { ...settings, triggerRatio: null })).toBe(50000);
    expect(gateThreshold(200000, { ...settings, triggerRatio: 1 })).toBe(150000);
    expect(triggerRatioInference).toMatch(/^Inferred/);
  });

  it('forWindow table (legacy rule)', () => {
    const table: [number, number, number][] = [
      [128000, 16384, 20000], [1_000_000, 16384, 20000], [16384, 4096, 8192], [8192, 2048, 4096], [4096, 1024, 2048],
      [2048, 512, 1024], [1024, 256, 512], [512, 128, 256],
    ];
    for (const [window, reserve, keep] of table) {
      expect(forWindow(window), `window ${window}`).toMatchObject({ reserveTokens: reserve, keepRecentTokens: keep });
      expect(forWindow(window).reserveTokens).toBeLessThan(window / 2);
      expect(forWindow(window).keepRecentTokens).toBeLessThan(window);
    }
  });

  it('forWindowProportional scales for 1M windows and keeps the legacy term below 262144', () => {
    expect(forWindowProportional(1_048_576)).toMatchObject({ reserveTokens: 65536, keepRecentTokens: 131072 });
    expect(forWindowProportional(128000)).toMatchObject({ reserveTokens: 16384, keepRecentTokens: 20000 });
  });
});
