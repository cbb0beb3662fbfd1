import { describe, expect, it } from 'vitest';
import { drawnLines } from './cost-retention-lines';

describe('the cost versus retention lines (issue 27)', () => {
  it('start every series at the original — 100% kept, nothing saved or spent — so one pass draws as a line, not a lone dot', () => {
    const pass = { pass: 1, label: 'Pass 1', tokensSaved: 20_000, costUsd: 0.004, retentionPercent: 62.5, factCount: 40 };
    const [line] = drawnLines([{ id: 'run', name: 'This run', points: [pass] }], 'tokensSaved');
    expect(line.data.map(({ label, x, retentionPercent, isStart }) => ({ label, x, retentionPercent, isStart }))).toEqual([
      { label: 'Original', x: 0, retentionPercent: 100, isStart: true },
      { label: 'Pass 1', x: 20_000, retentionPercent: 62.5, isStart: undefined },
    ]);
    // The list under the chart reads the passes only.
    expect(line.points).toEqual([pass]);
    expect(drawnLines([{ id: 'run', name: 'This run', points: [pass] }], 'costUsd')[0].data.map((point) => point.x)).toEqual([0, 0.004]);
  });

  it('names the series on every point when there are several, the start included', () => {
    const lines = drawnLines([{ id: 'a', name: 'A', points: [] }, { id: 'b', name: 'B', points: [] }], 'tokensSaved');
    expect(lines.map((line) => line.data.map((point) => point.seriesName))).toEqual([['A'], ['B']]);
  });
});
