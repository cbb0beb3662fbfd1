import { describe, expect, it } from 'vitest';
import type { CompactionEvent, PassSnapshot } from '../../engine/run/events';
import type { LiveCallRecord } from '../../worker-client/protocol';
import { costPoints, cumulativeCosts } from './cost-points';
import { passRetention, report } from './retention-test-support';

const attempt = (pass: number, role: 'smol' | 'main' | 'local'): CompactionEvent => ({ type: 'attempt-start', pass, attempt: 1, role });
const call = (costUsd: number | null) => ({ costUsd }) as LiveCallRecord;
const snapshot = (pass: number, tokensBefore: number, tokensAfter: number) => ({ pass, tokensBefore, tokensAfter }) as PassSnapshot;

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
    const retention = [passRetention(1, report({ path: [1, 1] }), report({ path: [1, 1] })), passRetention(2, report({ path: [1, 3] }), report({ path: [2, 4] }))];
    const points = costPoints(retention, [snapshot(1, 1000, 600), snapshot(2, 600, 450)], [0.1, 0.25]);
    expect(points.map((point) => [point.label, point.tokensSaved, point.costUsd, point.retentionPercent, point.factCount])).toEqual([
      ['Pass 1', 400, 0.1, 100, 1],
      ['Pass 2', 550, 0.25, 50, 4],
    ]);
  });

  it('leaves out a pass the result does not have (the worker answered for a longer run)', () => {
    const retention = [passRetention(1, report({}), report({})), passRetention(2, report({}), report({}))];
    expect(costPoints(retention, [snapshot(1, 1000, 600)]).map((point) => point.pass)).toEqual([1]);
  });
});
