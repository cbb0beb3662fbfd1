import { describe, expect, it } from 'vitest';
import type { CompactionEvent, PassSnapshot } from '../run/events';
import { canShowCost, costPoints, costSeries, cumulativeCosts, type CostSeries } from './cost-points';
import type { PassRetention, RetentionReport } from './facts';

const attempt = (pass: number, role: 'smol' | 'main' | 'local'): CompactionEvent => ({ type: 'attempt-start', pass, attempt: 1, role });
const call = (costUsd: number | null) => ({ costUsd });
const snapshot = (pass: number, tokensBefore: number, tokensAfter: number) => ({ pass, tokensBefore, tokensAfter }) as PassSnapshot;
/** A retention report of `kept` of `total` facts (only what the points read). */
const report = (kept: number, total: number) => ({ kept, total, overall: total === 0 ? 1 : kept / total }) as RetentionReport;
const retained = (pass: number, kept: number, total: number): PassRetention => ({ pass, perPass: report(kept, total), cumulative: report(kept, total), flags: [] });

describe('cumulativeCosts', () => {
  it('adds each call to the pass whose attempt made it, skipping local attempts', () => {
    const events = [attempt(1, 'smol'), attempt(1, 'main'), attempt(2, 'local'), attempt(3, 'smol')];
    expect(cumulativeCosts(events, [call(0.01), call(0.02), call(0.04)], 3)).toEqual([0.03, 0.03, 0.07]);
  });

  it('becomes unknown from the first call without a cost', () => {
    expect(cumulativeCosts([attempt(1, 'smol'), attempt(2, 'smol')], [call(null), call(0.5)], 2)).toEqual([null, null]);
  });

  it('refuses to guess when calls and attempts do not line up, or there were no calls', () => {
    expect(cumulativeCosts([attempt(1, 'smol')], [call(0.01), call(0.01)], 1)).toBeUndefined();
    expect(cumulativeCosts([attempt(1, 'smol')], [], 1)).toBeUndefined();
  });
});

describe('costPoints', () => {
  it('gives tokens saved since the start, cost so far and cumulative retention per pass', () => {
    const retention = [retained(1, 1, 1), retained(2, 2, 4)];
    const points = costPoints(retention, [snapshot(1, 1000, 600), snapshot(2, 600, 450)], [0.1, 0.25]);
    expect(points.map((point) => [point.label, point.tokensSaved, point.costUsd, point.retentionPercent, point.factCount])).toEqual([
      ['Pass 1', 400, 0.1, 100, 1],
      ['Pass 2', 550, 0.25, 50, 4],
    ]);
  });

  it('leaves out a pass the result does not have (the worker answered for a longer run)', () => {
    const retention = [retained(1, 0, 0), retained(2, 0, 0)];
    expect(costPoints(retention, [snapshot(1, 1000, 600)]).map((point) => point.pass)).toEqual([1]);
  });
});

describe('costSeries', () => {
  const snapshots = [snapshot(1, 1000, 500), snapshot(2, 500, 300)];
  const retention = [retained(1, 8, 10), retained(2, 12, 20)];

  it('builds one series per run, each with its own passes, costs and retention', () => {
    const a = costSeries('a', 'A', { snapshots, retention, events: [attempt(1, 'main'), attempt(2, 'main')], calls: [call(0.002), call(0.003)] });
    const b = costSeries('b', 'B', { snapshots: snapshots.slice(0, 1), retention: retention.slice(0, 1), events: [attempt(1, 'local')], calls: [] });
    expect(a).toMatchObject({ id: 'a', name: 'A', hasCosts: true });
    expect(a.points.map((point) => [point.pass, point.tokensSaved, point.costUsd, point.retentionPercent])).toEqual([
      [1, 500, 0.002, 80],
      [2, 700, 0.005, 60],
    ]);
    expect(b).toMatchObject({ id: 'b', name: 'B', hasCosts: false });
    expect(b.points.map((point) => [point.pass, point.costUsd, point.retentionPercent])).toEqual([[1, null, 80]]);
  });

  it('offers the cost axis only when every series has every call priced', () => {
    const priced = costSeries('a', 'A', { snapshots, retention, events: [attempt(1, 'main'), attempt(2, 'main')], calls: [call(0.002), call(0.003)] });
    const unpriced = costSeries('b', 'B', { snapshots, retention, events: [attempt(1, 'main'), attempt(2, 'main')], calls: [call(0.002), call(null)] });
    const offline = costSeries('c', 'C', { snapshots, retention, events: [], calls: [] });
    expect(canShowCost([priced])).toBe(true);
    expect(canShowCost([priced, unpriced])).toBe(false);
    expect(canShowCost([priced, offline])).toBe(false);
    expect(canShowCost([] as CostSeries[])).toBe(false);
  });
});
