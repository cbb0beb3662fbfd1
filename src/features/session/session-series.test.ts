import { describe, expect, it } from 'vitest';
import { contextBasis } from '../../engine';
import { chartRows, pointAt } from './chart-data';
import { handMadeCompaction, handMadeReplay } from './replay-view.test-support';
import { hasTimeline, sessionSeries, sourceMarkerLabel } from './session-series';

const overhead = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 3100 } as const;

describe('sessionSeries', () => {
  it('draws each compaction as a vertical drop at its message, on exact + unstored overhead, with a marker at its top', () => {
    const series = sessionSeries(handMadeReplay(), overhead, 'message');
    const drops = series.saw.filter((point) => point.compaction);
    expect(drops.map((point) => [point.x, point.tokens, point.compaction?.end])).toEqual([
      [4, 4100, 'before'],
      [4, 3300, 'after'],
      [8, 4100, 'before'],
      [8, 3300, 'after'],
    ]);
    expect(series.policyMarkers.map((marker) => [marker.ordinal, marker.message, marker.before, marker.after])).toEqual([
      [1, 4, 4100, 3300],
      [2, 8, 4100, 3300],
    ]);
    // The message before a compaction: 300 + 3 × 100 exact, plus the overhead.
    expect(series.saw.find((point) => point.x === 3)?.tokens).toBe(3600);
    expect(series.peak).toBe(155_000);
  });

  it('keeps the logged context as its own series in the provider’s tokens, never converted to our basis', () => {
    const series = sessionSeries(handMadeReplay(), overhead, 'message');
    expect(series.logged.map((point) => [point.message, point.tokens])).toEqual([
      [2, 5100],
      [4, 5300],
      [6, 5500],
      [8, 5700],
      [10, 5900],
    ]);
  });

  it('puts the agent’s own compaction before its boundary message, at the logged context, labelled in words', () => {
    const [marker] = sessionSeries(handMadeReplay(), contextBasis('o200k_base', undefined), 'message').sourceMarkers;
    expect(marker).toEqual({ x: 5.5, tokens: 155_000, message: 6, label: 'agent compacted here (compact_boundary, logged 155,000 before)' });
    expect(sourceMarkerLabel('compacted', undefined)).toBe('agent compacted here (compacted, no tokens logged)');
  });

  it('offers time on x only when every step has a timestamp, and then places points at their times', () => {
    const replay = handMadeReplay();
    expect(hasTimeline(replay)).toBe(true);
    const series = sessionSeries(replay, overhead, 'time');
    expect(series.policyMarkers[0].x).toBe(Date.UTC(2026, 1, 3, 10, 3));
    // The agent's compaction before message 6 sits at message 5's time, where its context before the boundary ended.
    expect(series.sourceMarkers[0].x).toBe(Date.UTC(2026, 1, 3, 10, 4));
    const untimed = handMadeReplay(undefined, { steps: replay.steps.map((step, index) => (index === 4 ? { ...step, createdAt: undefined } : step)) });
    expect(hasTimeline(untimed)).toBe(false);
  });

  it('a failed compaction’s marker says so', () => {
    const series = sessionSeries(handMadeReplay([handMadeCompaction(1, 3, { success: false, outcome: 'summarizer failed' })]), overhead, 'message');
    expect(series.policyMarkers[0].success).toBe(false);
  });
});

describe('chartRows', () => {
  it('merges both policies and the logged context into rows sorted by x, a compaction’s before then after', () => {
    const a = sessionSeries(handMadeReplay(), overhead, 'message');
    const b = sessionSeries(handMadeReplay([handMadeCompaction(1, 5)]), overhead, 'message');
    const rows = chartRows(a, b);
    expect(rows.map((row) => row.x)).toEqual([...rows.map((row) => row.x)].sort((left, right) => left - right));
    expect(rows.filter((row) => row.x === 4 && row.a !== undefined).map((row) => row.a)).toEqual([4100, 3300]);
    expect(rows.some((row) => row.b !== undefined)).toBe(true);
    expect(pointAt(a.saw, 4.5)?.tokens).toBe(3300);
    expect(pointAt(a.saw, 0.5)).toBeUndefined();
  });
});
