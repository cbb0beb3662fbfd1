import { describe, expect, it } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import type { RungDraft, RungName } from '../../state/provider-store';
import { useLabStore } from '../../state/store';
import { formatAbCell, formatAbDelta, formatStability } from './ab-format';
import { clampRepeats } from './ab-store';
import { rungsOfB, summarizerLabel } from './ab-variants';

const rungs: Record<RungName, RungDraft> = {
  smol: { provider: 'openai', model: 'gpt-4o-mini', baseURL: '' },
  main: { provider: 'openai-compatible', model: 'mock-ok', baseURL: 'http://127.0.0.1:9/v1' },
};

describe('A/B variants', () => {
  it('takes A from the Compaction panel, or its profile\'s defaults when untouched (the window inherited when it runs)', () => {
    const config = useConfigStore.getState();
    useLabStore.getState().contextWindowChosen(128000);
    config.profileChosen('auto-compactor');
    config.configEdited('{"profile":"two-tier"}');
    expect(useConfigStore.getState().config.text).toBe('{"profile":"two-tier"}');
    useLabStore.getState().contextWindowChosen(64000);
    config.configEdited(undefined);
    expect(JSON.parse(useConfigStore.getState().config.text)).toEqual({ schemaVersion: 1, profile: 'auto-compactor' });
  });

  it('gives B its own model ids where set, keeping A\'s providers and base URLs', () => {
    const b = rungsOfB(rungs, { main: ' mock-500x1 ', smol: '' });
    expect(b.main).toEqual({ provider: 'openai-compatible', model: 'mock-500x1', baseURL: 'http://127.0.0.1:9/v1' });
    expect(b.smol).toBe(rungs.smol);
    expect(summarizerLabel('live', b)).toBe('main mock-500x1, cheap model gpt-4o-mini');
    expect(summarizerLabel('live', { ...b, smol: { ...b.smol, provider: 'none' } })).toBe('main mock-500x1');
    expect(summarizerLabel('offline', b)).toBe('offline summarizer');
  });

  it('keeps repeats within 1–10', () => {
    expect([clampRepeats(0), clampRepeats(4.4), clampRepeats(99), clampRepeats(Number.NaN)]).toEqual([1, 4, 10, 1]);
  });
});

describe('A/B formatting', () => {
  it('formats cells, signed deltas and the stability line', () => {
    expect(formatAbCell('count', { value: 2, of: 3 })).toBe('2 of 3');
    expect(formatAbCell('usd', { value: 0.0021, unknownCost: 1 })).toBe('< $0.01 + 1 unknown');
    expect(formatAbCell('tokens', {})).toBe('—');
    expect(formatAbDelta('tokens', -1350)).toBe('−1,350');
    expect(formatAbDelta('ms', 1500)).toBe('+1.5 s');
    expect(formatAbDelta('count', 0)).toBe('0');
    expect(formatAbDelta('count', undefined)).toBe('');
    expect(formatStability({ count: 5, min: 12001, median: 12345, max: 12600, stdev: 210.4 })).toBe(
      'tokens saved: median 12,345, spread 12,001–12,600 over 5 runs (stdev 210)',
    );
  });
});
