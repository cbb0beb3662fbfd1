import { describe, expect, it } from 'vitest';
import type { PassSnapshot } from '../../engine/run/events';
import type { PassBreakdown } from '../../worker-client/protocol';
import { buildChartRows, limitMarks, shareOfLimit } from './chart-rows';

const kinds = { system: 10, user: 20, assistant: 30, toolOutput: 40, summary: 0, pinned: 0, marker: 0 };
const breakdown = (pass: number, total: number): PassBreakdown => ({ pass, byKind: { ...kinds, summary: total - 100 }, total });
const snapshot = (pass: number, tokensBefore: number, tokensAfter: number) => ({ pass, tokensBefore, tokensAfter }) as PassSnapshot;

describe('buildChartRows', () => {
  it('gives the original and each pass, with exact kinds and the profile estimate before pass 1 then after each pass', () => {
    const rows = buildChartRows([breakdown(0, 1000), breakdown(1, 400)], [snapshot(1, 1100, 450), snapshot(2, 450, 300)], [{ atIndex: 3, kind: 'compact_boundary', tokensBefore: 900, tokensAfter: 90 }]);
    expect(rows.map((row) => [row.label, row.total, row.estimate])).toEqual([
      ['Original', 1000, 1100],
      ['Pass 1', 400, 450],
      ['Pass 2', undefined, 300],
    ]);
    expect(rows[1].summary).toBe(300);
    expect(rows[0].sourceMarkers?.[0].tokensBefore).toBe(900);
    expect(rows[1].sourceMarkers).toBeUndefined();
  });

  it('gives the original alone before any run', () => {
    const rows = buildChartRows([breakdown(0, 1000)], []);
    expect(rows).toHaveLength(1);
    expect(rows[0].estimate).toBeUndefined();
  });
});

describe('limitMarks', () => {
  it('labels every line with its value and the rule that set the trigger, and keeps the reserve a band of its own', () => {
    const marks = limitMarks({ window: 200_000, reserve: 16_384, trigger: 160_000, triggerRule: 'ratio × window', hardLimit: 150_000 });
    expect(marks.lines.map((line) => line.label)).toEqual(['Window 200,000', 'Trigger 160,000 (ratio × window)', 'Tier-2 hard limit 150,000']);
    expect(marks.reserve).toEqual({ from: 183_616, to: 200_000, label: 'Reserve / output buffer 16,384' });
  });

  it('draws no reserve without a window, and says what a rolling-summary trigger is compared with', () => {
    const marks = limitMarks({ trigger: 2500, triggerRule: 'summariseAtTokens', triggerComparedWith: 'the older turns' });
    expect(marks.reserve).toBeUndefined();
    expect(marks.lines[0].label).toBe('Trigger 2,500 (summariseAtTokens), compared with the older turns');
  });
});

describe('shareOfLimit', () => {
  it('says what a percentage is of', () => {
    expect(shareOfLimit(84_200, { window: 200_000 })).toBe('42.1% of the 200,000-token window');
    expect(shareOfLimit(1250, { trigger: 2500 })).toBe('50.0% of the 2,500-token trigger');
    expect(shareOfLimit(1, {})).toBeUndefined();
  });
});
