import { describe, expect, it } from 'vitest';
import { retentionSummary } from './retention-summary';
import { passRetention, report } from './retention-test-support';

const lostFact = (text: string) => ({ category: 'path' as const, text, sourceMessageId: 'm1' });

describe('retentionSummary', () => {
  it('takes overall and lost from the last pass cumulative report and counts flags over every pass', () => {
    const passes = [
      passRetention(1, report({ path: [2, 2] }), report({ path: [2, 2] }), [{ kind: 'stall', message: 'saved 2%' }]),
      passRetention(
        2,
        report({ path: [1, 3] }, [lostFact('b'), lostFact('c')]),
        report({ path: [3, 5], url: [1, 1] }, [lostFact('b'), lostFact('c')], ['Never push to main']),
        [
          { kind: 'unsupported-claim', message: 'no support', evidence: 'We deployed to prod.' },
          { kind: 'stall', message: 'saved 1%' },
        ],
      ),
    ];
    const summary = retentionSummary(passes);
    expect(summary.overall).toBeCloseTo(4 / 6);
    expect([summary.keptFacts, summary.totalFacts, summary.lostCount, summary.pinnedLost]).toEqual([4, 6, 2, 1]);
    expect(summary.flagCounts).toEqual({ 'pinned-line-lost': 0, 'broken-tool-pairs': 0, 'unsupported-claim': 1, 'summary-larger-than-source': 0, inflation: 0, stall: 2 });
    expect(summary.flagTotal).toBe(3);
  });

  it('uses the highest pass even when passes arrive out of order', () => {
    const summary = retentionSummary([passRetention(2, report({}), report({ url: [0, 4] })), passRetention(1, report({}), report({ url: [1, 1] }))]);
    expect(summary.overall).toBe(0);
  });

  it('has no overall when the run made no pass', () => {
    const summary = retentionSummary([]);
    expect(summary.overall).toBeUndefined();
    expect(summary.flagTotal).toBe(0);
  });
});
