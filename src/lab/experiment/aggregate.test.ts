import { describe, expect, it } from 'vitest';
import { bestConfig, frontier, noBestReason, summarizeConfigs } from './aggregate';
import { cell, definitionOf, failedCell } from './experiment.test-support';

describe('summarizeConfigs', () => {
  it('gives each figure’s mean and median over the cells where it was measured, with the count', () => {
    const rows = [
      cell('A', 'a.jsonl', { contextAfter: 10_000, needWeighted: 0.5, costUsd: null }),
      cell('A', 'b.jsonl', { contextAfter: 30_000, needWeighted: null, costUsd: 0.2 }),
      cell('A', 'c.jsonl', { contextAfter: 80_000, needWeighted: 1, costUsd: 0.4 }),
      failedCell('A', 'd.jsonl'),
    ];
    const [summary] = summarizeConfigs(rows, definitionOf(['A']));
    expect(summary).toMatchObject({ config: 'A', cells: 4, failedCells: 1 });
    expect(summary.figures.contextAfter).toEqual({ mean: 40_000, median: 30_000, count: 3 });
    expect(summary.figures.needWeighted).toEqual({ mean: 0.75, median: 0.75, count: 2 });
    expect(summary.figures.costUsd.count).toBe(2);
    expect(summary.figures.costUsd.mean).toBeCloseTo(0.3);
  });

  it('tallies each assertion as passed / judged, not-measurable apart, and which cells passed them all', () => {
    const rows = [
      cell('A', 'a.jsonl', { needWeighted: 0.9, contextAfter: 10_000 }),
      cell('A', 'b.jsonl', { needWeighted: 0.6, contextAfter: 10_000 }),
      cell('A', 'c.jsonl', { needWeighted: null, contextAfter: 90_000 }),
    ];
    const [summary] = summarizeConfigs(rows, definitionOf(['A'], ['needRetention>=0.8', 'contextAfter<=50000']));
    expect(summary.assertions).toEqual([
      { assertion: 'needRetention>=0.8', passed: 1, failed: 1, notMeasurable: 1, passRate: 0.5 },
      { assertion: 'contextAfter<=50000', passed: 2, failed: 1, notMeasurable: 0, passRate: 2 / 3 },
    ]);
    expect(summary.cellsPassingAll).toBe(1);
    expect(summary.passesAll).toBe(false);
  });
});

describe('frontier and bestConfig', () => {
  // Four configs on two transcripts: B is smaller and keeps more than D; C keeps the most; A is the smallest.
  const rows = [
    cell('A', 'a.jsonl', { contextAfter: 10_000, needWeighted: 0.5, costUsd: 0.3 }),
    cell('A', 'b.jsonl', { contextAfter: 10_000, needWeighted: 0.5, costUsd: 0.3 }),
    cell('B', 'a.jsonl', { contextAfter: 20_000, needWeighted: 0.8, costUsd: 0.1 }),
    cell('B', 'b.jsonl', { contextAfter: 20_000, needWeighted: 0.8, costUsd: 0.1 }),
    cell('C', 'a.jsonl', { contextAfter: 40_000, needWeighted: 0.95, costUsd: 0.2 }),
    cell('C', 'b.jsonl', { contextAfter: 40_000, needWeighted: 0.95, costUsd: 0.2 }),
    cell('D', 'a.jsonl', { contextAfter: 30_000, needWeighted: 0.7, costUsd: 0.1 }),
    cell('D', 'b.jsonl', { contextAfter: 30_000, needWeighted: 0.7, costUsd: null }),
  ];

  it('keeps the configs nothing beats on both size (or cost) and retention, in order of size', () => {
    const summaries = summarizeConfigs(rows, definitionOf(['A', 'B', 'C', 'D']));
    expect(frontier(summaries, 'contextAfter')).toEqual(['A', 'B', 'C']);
    // By cost: B is cheapest and keeps more than A, which it beats; C keeps the most; D's mean cost is of one cell.
    expect(frontier(summaries, 'costUsd')).toEqual(['B', 'C']);
  });

  it('names the config keeping the most among those passing every assertion, and says why', () => {
    const summaries = summarizeConfigs(rows, definitionOf(['A', 'B', 'C', 'D'], ['contextAfter<=30000']));
    expect(bestConfig(summaries)).toEqual({ config: 'B', why: expect.stringMatching(/^the best of 3 configs with no assertion failing on any cell: mean need-weighted retention 80\.0%, mean context after 20,000 tokens$/) });
  });

  it('says on how many cells an assertion of the best config could not be measured, never calling them passes', () => {
    const rows = [cell('A', 'a.jsonl', { needWeighted: 0.9 }), cell('A', 'b.jsonl', { needWeighted: null }), cell('A', 'c.jsonl', { needWeighted: null })];
    const summaries = summarizeConfigs(rows, definitionOf(['A'], ['needRetention>=0.6']));
    expect(bestConfig(summaries)?.why).toMatch(/^the only config with no assertion failing on any cell \(needRetention>=0\.6 not measurable on 2 of 3 cells\): mean need-weighted retention 90\.0%/);
  });

  it('breaks a tie in retention by the smaller context after, then the earlier config', () => {
    const tied = [cell('X', 'a.jsonl', { contextAfter: 30_000, needWeighted: 0.8 }), cell('Y', 'a.jsonl', { contextAfter: 20_000, needWeighted: 0.8004 }), cell('Z', 'a.jsonl', { contextAfter: 20_000, needWeighted: 0.8 })];
    expect(bestConfig(summarizeConfigs(tied, definitionOf(['X', 'Y', 'Z'])))?.config).toBe('Y');
    expect(bestConfig(summarizeConfigs(tied, definitionOf(['X', 'Z', 'Y'])))?.config).toBe('Z');
  });

  it('names none when no config passes, and says which failed what', () => {
    const summaries = summarizeConfigs([...rows, failedCell('B', 'c.jsonl')], definitionOf(['A', 'B'], ['needRetention>=0.9']));
    expect(bestConfig(summaries)).toBeNull();
    expect(noBestReason(summaries)).toBe('no config passes every assertion on every cell (A: needRetention>=0.9 failed on 2 cells; B: 1 of 3 cells did not run)');
  });

  it('does not let an assertion no cell could be judged on pass a config', () => {
    const summaries = summarizeConfigs([cell('A', 'a.jsonl', { needWeighted: null })], definitionOf(['A'], ['needRetention>=0.8']));
    expect(summaries[0].passesAll).toBe(false);
    expect(noBestReason(summaries)).toMatch(/needRetention>=0.8 never measurable/);
  });
});
