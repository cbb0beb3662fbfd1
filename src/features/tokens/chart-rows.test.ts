import { describe, expect, it } from 'vitest';
import type { ContextBasis, PassRetention, PassSnapshot, RetentionReport } from '../../engine';
import type { PassBreakdown } from '../../worker-client/run-protocol';
import { buildChartRows, describeRetention, limitMarks, shareOfLimit, withRetention } from './chart-rows';

const kinds = { system: 10, user: 20, assistant: 30, toolOutput: 40, summary: 0, pinned: 0, marker: 0 };
const breakdown = (pass: number, total: number): PassBreakdown => ({ pass, byKind: { ...kinds, summary: total - 100 }, total });
const snapshot = (pass: number, tokensBefore: number, tokensAfter: number) => ({ pass, tokensBefore, tokensAfter }) as PassSnapshot;
const plain: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 0 };

describe('buildChartRows', () => {
  it('gives the original and each pass, with exact kinds and the profile estimate before pass 1 then after each pass', () => {
    const rows = buildChartRows([breakdown(0, 1000), breakdown(1, 400)], [snapshot(1, 1100, 450), snapshot(2, 450, 300)], plain, [{ atIndex: 3, kind: 'compact_boundary', tokensBefore: 900, tokensAfter: 90 }]);
    expect(rows.map((row) => [row.label, row.total, row.estimate])).toEqual([
      ['Original', 1000, 1100],
      ['Pass 1', 400, 450],
      ['Pass 2', undefined, 300],
    ]);
    expect(rows[1].summary).toBe(300);
    expect(rows[0].sourceMarkers?.[0].tokensBefore).toBe(900);
    expect(rows[1].sourceMarkers).toBeUndefined();
  });

  it('stacks the unstored overhead under every state and counts it in the total, the content apart', () => {
    const rows = buildChartRows([breakdown(0, 1000), breakdown(1, 400)], [snapshot(1, 1100, 450)], { ...plain, overheadTokens: 5000 });
    expect(rows.map((row) => [row.overhead, row.content, row.total])).toEqual([
      [5000, 1000, 6000],
      [5000, 400, 5400],
    ]);
  });

  it('scales the kinds on the calibrated basis so the bands still meet the total, and gives the calibration range', () => {
    const calibrated: ContextBasis = { kind: 'calibrated', encoding: 'o200k_base', overheadTokens: 2000, calibration: { model: 'claude-x', ratio: 1.333, spread: { low: 1.2, high: 1.5 }, calls: 9, overheadTokens: 2000 } };
    const [row] = buildChartRows([breakdown(0, 1000)], [], calibrated);
    expect(row.total).toBe(2000 + 1333);
    expect(row.range).toEqual([3200, 3500]);
    const bands = (['overhead', 'system', 'user', 'assistant', 'toolOutput', 'summary', 'pinned', 'marker'] as const).reduce((sum, kind) => sum + (row[kind] ?? 0), 0);
    expect(bands).toBe(row.total);
  });

  it('gives the original alone before any run', () => {
    const rows = buildChartRows([breakdown(0, 1000)], [], plain);
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

describe('withRetention', () => {
  const cumulative = (kept: number, total: number) => ({ kept, total, overall: total === 0 ? 1 : kept / total }) as RetentionReport;
  const retained = (pass: number, kept: number, total: number): PassRetention => ({ pass, perPass: cumulative(0, 0), cumulative: cumulative(kept, total), flags: [] });

  it("gives each pass its cumulative retention and leaves the original and fact-less passes without a number", () => {
    const rows = buildChartRows([], [snapshot(1, 1000, 600), snapshot(2, 600, 400), snapshot(3, 400, 300)], plain);
    const measured = withRetention(rows, [retained(1, 0, 0), retained(2, 30, 48), retained(3, 40, 64)]);
    expect(measured.map((row) => [row.label, row.retentionPercent, row.factCount])).toEqual([
      ['Original', undefined, undefined],
      ['Pass 1', undefined, 0],
      ['Pass 2', 62.5, 48],
      ['Pass 3', 62.5, 64],
    ]);
    expect(measured.map(describeRetention)).toEqual(['nothing compacted yet', 'no facts in what was compacted so far', '62.5% of 48 facts compacted so far', '62.5% of 64 facts compacted so far']);
  });

  it('leaves passes the retention does not cover unmeasured', () => {
    const rows = withRetention(buildChartRows([], [snapshot(1, 1000, 600), snapshot(2, 600, 400)], plain), [retained(1, 1, 4)]);
    expect(rows.map((row) => row.retentionPercent)).toEqual([undefined, 25, undefined]);
    expect(rows.map(describeRetention)).toEqual(['nothing compacted yet', '25.0% of 4 facts compacted so far', 'not measured']);
  });
});
