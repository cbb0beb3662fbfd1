import { describe, expect, it } from 'vitest';
import { contextBasis } from '../../engine';
import { handMadeCompaction, handMadeReplay } from './replay-view.test-support';
import { replayCost } from './session-format';
import { betterWords, totalsLines } from './session-totals';

const basis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 3100 } as const;

describe('replay totals', () => {
  it('states cost as "$0 (offline)" offline, "—" when unpriced, dollars when priced', () => {
    expect(replayCost(0, true)).toBe('$0 (offline)');
    expect(replayCost(null, false)).toBe('—');
    expect(replayCost(0.0123, false)).toBe('$0.0123');
  });

  it('one policy: compactions with the failed ones said, peak on the page’s basis, time over the trigger', () => {
    const view = handMadeReplay([handMadeCompaction(1, 3), handMadeCompaction(2, 7, { success: false, outcome: 'stall' })]);
    const lines = Object.fromEntries(totalsLines({ view, isOffline: true }, undefined, basis).map((line) => [line.id, line]));
    expect(lines.compactions.a).toBe('2 (1 failed)');
    expect(lines.failed.a).toBe('1');
    expect(lines.peak.a).toBe('4,100');
    expect(lines.cost.a).toBe('$0 (offline)');
    expect(lines['over-share'].a).toBe('20.0% (2 of 10)');
    expect(lines['over-time'].a).toBe('2 min');
    expect(lines.compactions.delta).toBeUndefined();
  });

  it('two policies alike: said in one sentence', () => {
    const view = handMadeReplay();
    expect(betterWords(totalsLines({ view, isOffline: true }, { view, isOffline: true }, basis))).toBe('A and B come out the same on every total.');
  });

  it('two policies: Δ is B − A, the better side is named per line, and an unknown cost compares as —', () => {
    const a = handMadeReplay([handMadeCompaction(1, 3), handMadeCompaction(2, 7)]);
    const b = handMadeReplay([handMadeCompaction(1, 5, { summarizerCalls: 3, costUsd: null, retention: { factsLost: 1, factsTotal: 10, needWeighted: { score: 0.9, needed: 10, kept: 9 } } })]);
    const lines = totalsLines({ view: a, isOffline: false }, { view: b, isOffline: false }, contextBasis('o200k_base', undefined));
    const byId = Object.fromEntries(lines.map((line) => [line.id, line]));
    expect([byId.compactions.a, byId.compactions.b, byId.compactions.delta, byId.compactions.better]).toEqual(['2', '1', '−1', 'B']);
    expect([byId.calls.delta, byId.calls.better]).toEqual(['+1', 'A']);
    expect([byId.cost.b, byId.cost.delta, byId.cost.better]).toEqual(['—', '—', undefined]);
    expect([byId.peak.delta, byId.peak.better]).toEqual(['0', 'same']);
    expect([byId.retention.a, byId.retention.b, byId.retention.delta, byId.retention.better]).toEqual(['75.0%', '90.0%', '+15.0 pts', 'B']);
    expect(betterWords(lines)).toBe(
      'B is better on compactions (−1), tokens sent to summarizers (−800), steps over the trigger (−10.0 pts), time over the trigger (−1 min) and mean need-weighted retention (+15.0 pts). A is better on summarizer calls (+1). The same peak context.',
    );
  });
});
