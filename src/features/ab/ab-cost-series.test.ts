import { describe, expect, it } from 'vitest';
import type { CompactionEvent, PassRetention, PassSnapshot, RetentionReport, RunResult } from '../../engine';
import { abCostSeries } from './ab-cost-series';
import type { AbRecordedRun, AbVariantResult } from './ab-store';

const report = (kept: number, total: number) => ({ kept, total, overall: total === 0 ? 1 : kept / total }) as RetentionReport;
const retained = (pass: number, kept: number, total: number): PassRetention => ({ pass, perPass: report(kept, total), cumulative: report(kept, total), flags: [] });
const snapshot = (pass: number, tokensBefore: number, tokensAfter: number) => ({ pass, tokensBefore, tokensAfter }) as PassSnapshot;
const attempt = (pass: number): CompactionEvent => ({ type: 'attempt-start', pass, attempt: 1, role: 'main' });

function run(passes: PassSnapshot[], retention: PassRetention[] | undefined, costs: (number | null)[]): AbRecordedRun {
  return {
    result: { passes } as RunResult,
    calls: costs.map((costUsd) => ({ costUsd, durationMs: 1, ok: true, aborted: false, status: 200 })),
    retention,
    attempts: costs.map((_, index) => attempt(index + 1)),
  };
}
const variant = (...runs: AbRecordedRun[]): AbVariantResult => ({ config: {}, summarizer: 'offline', runs });

describe('abCostSeries', () => {
  it("draws A then B, each from its first measured run's passes", () => {
    const a = variant(run([snapshot(1, 1000, 400)], undefined, [0.5]), run([snapshot(1, 1000, 500), snapshot(2, 500, 300)], [retained(1, 9, 10), retained(2, 12, 20)], [0.01, 0.02]));
    const b = variant(run([snapshot(1, 1000, 200)], [retained(1, 1, 4)], [null]));
    const { series, unmeasured, mostRuns } = abCostSeries({ b, a });
    expect(series.map((line) => [line.name, line.points.map((point) => [point.pass, point.tokensSaved, point.costUsd, point.retentionPercent])])).toEqual([
      ['A', [[1, 500, 0.01, 90], [2, 700, 0.03, 60]]],
      ['B', [[1, 800, null, 25]]],
    ]);
    expect(unmeasured).toEqual([]);
    expect(mostRuns).toBe(2);
  });

  it('names a variant whose runs were never measured instead of drawing it', () => {
    const { series, unmeasured } = abCostSeries({ a: variant(run([snapshot(1, 1000, 400)], [retained(1, 1, 1)], [])), b: variant(run([snapshot(1, 1000, 400)], undefined, [])) });
    expect(series.map((line) => [line.id, line.hasCosts])).toEqual([['a', false]]);
    expect(unmeasured).toEqual(['b']);
  });
});
