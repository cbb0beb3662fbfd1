import { describe, expect, it } from 'vitest';
import { contextBasis, replayContext, replayLines, type ContextBasis } from '../../engine';
import type { ReplayView } from '../../worker-client/replay-protocol';
import { handMadeCompaction, handMadeReplay } from './replay-view.test-support';
import { replayCost } from './session-format';
import { betterWords, totalsLines } from './session-totals';

const basis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 3100 } as const;
/** A policy's replay as the Session tab reads it: on the basis, against the replay's own lines. */
const policy = (view: ReplayView, on: ContextBasis, isOffline = true) => ({ view, isOffline, context: replayContext(view, on, replayLines(view, {})) });

describe('replay totals', () => {
  it('states cost as "$0 (offline)" offline, "—" when unpriced, dollars when priced', () => {
    expect(replayCost(0, true)).toBe('$0 (offline)');
    expect(replayCost(null, false)).toBe('—');
    expect(replayCost(0.0123, false)).toBe('$0.0123');
  });

  it('one policy: compactions with the failed ones said, peak on the page’s basis, time over the trigger', () => {
    const view = handMadeReplay([handMadeCompaction(1, 3), handMadeCompaction(2, 7, { success: false, outcome: 'stall' })]);
    const lines = Object.fromEntries(totalsLines(policy(view, basis), undefined).map((line) => [line.id, line]));
    expect(lines.compactions.a).toBe('2 (1 failed)');
    expect(lines.failed.a).toBe('1');
    expect(lines.peak.a).toBe('4,100');
    expect(lines.cost.a).toBe('$0 (offline)');
    // With 3,100 tokens of overhead every step's context is over the 900-token trigger line, though the gate (exact
    // content only) saw none over it; and both compactions left 3,300 context tokens, over the 1,200-token window.
    expect(lines['over-share'].a).toBe("100.0% (10 of 10; 0 by the profile's own estimate)");
    expect(lines['over-time'].a).toBe('9 min');
    expect(lines['over-window'].a).toBe('2 (the next call would be refused)');
    expect(lines.compactions.delta).toBeUndefined();
  });

  it('two policies alike: said in one sentence', () => {
    const view = handMadeReplay();
    expect(betterWords(totalsLines(policy(view, basis), policy(view, basis)))).toBe('A and B come out the same on every total.');
  });

  it('two policies: Δ is B − A, the better side is named per line, and an unknown cost compares as —', () => {
    const a = handMadeReplay([handMadeCompaction(1, 3), handMadeCompaction(2, 7)]);
    const b = handMadeReplay([handMadeCompaction(1, 5, { summarizerCalls: 3, costUsd: null, retention: { factsLost: 1, factsTotal: 10, needWeighted: { score: 0.9, needed: 10, kept: 9 } } })]);
    const lines = totalsLines(policy(a, contextBasis('o200k_base', undefined), false), policy(b, contextBasis('o200k_base', undefined), false));
    const byId = Object.fromEntries(lines.map((line) => [line.id, line]));
    expect([byId.compactions.a, byId.compactions.b, byId.compactions.delta, byId.compactions.better]).toEqual(['2', '1', '−1', 'B']);
    expect([byId.calls.delta, byId.calls.better]).toEqual(['+1', 'A']);
    expect([byId.cost.b, byId.cost.delta, byId.cost.better]).toEqual(['—', '—', undefined]);
    expect([byId.peak.delta, byId.peak.better]).toEqual(['0', 'same']);
    expect([byId.retention.a, byId.retention.b, byId.retention.delta, byId.retention.better]).toEqual(['75.0%', '90.0%', '+15.0 pts', 'B']);
    expect(betterWords(lines)).toBe(
      // On the exact basis no step's context is over the 900-token line for either policy: the same on both.
      'B is better on compactions (−1), tokens sent to summarizers (−800) and mean needed facts kept (+15.0 pts). A is better on summarizer calls (+1). The same peak context, steps over the trigger and time over the trigger.',
    );
  });

  it('compactions over the window: B’s 0 is a figure beside A’s 2, with its Δ and which is better; neither with any leaves the line out', () => {
    // With 3,100 tokens of overhead A's two compactions leave 3,300 context tokens, over the 1,200-token window; B's
    // replay, given a window of 200,000, has none over it.
    const a = policy(handMadeReplay(), basis);
    const b = policy(handMadeReplay(undefined, { window: 200_000 }), basis);
    const line = totalsLines(a, b).find((candidate) => candidate.id === 'over-window');
    expect(line).toMatchObject({ a: '2 (the next call would be refused)', b: '0', delta: '−2', better: 'B' });
    expect(totalsLines(b, b).find((candidate) => candidate.id === 'over-window')).toBeUndefined();
  });

  it('steps over a trigger compared with the older turns only are not counted, and the line says so instead of a share', () => {
    const view = handMadeReplay(undefined, { profile: 'rolling-summary', triggerComparedWith: 'the older turns, not the whole context' });
    const line = totalsLines(policy(view, basis), undefined).find((candidate) => candidate.id === 'over-share');
    expect(line?.a).toBe('not counted: the trigger is compared with the older turns, not the whole context (0 steps by the profile\'s own estimate)');
  });
});
