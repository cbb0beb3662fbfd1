import { describe, expect, it } from 'vitest';
import type { ContextBasis } from '../tokens/context-basis';
import { runOutcome } from './context-outcome';
import type { PassSnapshot, RunResult } from './events';

const summarized: PassSnapshot['fates'] = { m1: { kind: 'summarized', summaryId: 's1' }, m2: { kind: 'kept' } };
const pass = (number: number, flags: PassSnapshot['flags'] = [], fates = summarized): PassSnapshot => ({
  pass: number, tokensBefore: 9000, tokensAfter: 2000, strategy: 'llm-summary', attempts: 1, ok: true, messages: [], fates, insertions: [],
  lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags, durationMs: 1,
});
const result = (success: boolean, after: number, passes = [pass(1)], before = 12_000): RunResult => ({
  profile: 'auto-compactor', success, cancelled: false, tokensBefore: 9000, tokensAfter: 2000, passes, summarizerCalls: 1, messages: [], exact: { encoding: 'o200k_base', before, after },
});
const kinds = (flags: readonly { kind: string }[]) => flags.map((flag) => flag.kind);
const basis = (overheadTokens: number): ContextBasis => ({ kind: 'encoding', encoding: 'o200k_base', overheadTokens });

describe('runOutcome', () => {
  it('flags a success whose exact context with the overhead is over the trigger, with both figures', () => {
    const { context, flags } = runOutcome(result(true, 3000), basis(5000), { trigger: 7616 });
    expect(context).toEqual({ before: 17_000, after: 8000, fitsAfter: false });
    expect(flags).toEqual([
      { kind: 'estimate-disagrees', estimate: 2000, context: 8000, trigger: 7616, message: expect.stringContaining('success at 2,000 by its own estimate, but the context after it is 8,000 (with 5,000 for the system prompt and tools not in the file), o200k_base exact — over its 7,616-token trigger.') },
    ]);
  });

  it('raises nothing when the run fits, when it failed anyway, or when the profile has no trigger', () => {
    expect(runOutcome(result(true, 2616), basis(5000), { trigger: 7616 }).flags).toEqual([]);
    expect(runOutcome(result(true, 2616), basis(5000), { trigger: 7616 }).context?.fitsAfter).toBe(true);
    expect(runOutcome(result(false, 9000), basis(5000), { trigger: 7616 }).flags).toEqual([]);
    expect(runOutcome(result(true, 9000), basis(5000), {}).context?.fitsAfter).toBeNull();
  });

  it('raises no disagreement for a trigger compared with part of the context only, while fitsAfter still compares the whole', () => {
    const outcome = runOutcome(result(true, 3000), basis(5000), { trigger: 2500, triggerComparedWith: 'the older turns, not the whole context' });
    expect(outcome.context?.fitsAfter).toBe(false);
    expect(outcome.flags).toEqual([]);
  });

  it('says when the overhead alone is over the trigger', () => {
    const [flag] = runOutcome(result(true, 500), basis(8000), { trigger: 7616 }).flags;
    expect(flag.message).toContain('The system prompt and tools not in the file are alone over the trigger');
  });

  it('lists every no-op pass by number', () => {
    const { flags } = runOutcome(result(false, 12_500, [pass(1, ['no-op']), pass(2), pass(3, ['no-op'])]), basis(0), { trigger: 10_000 });
    expect(flags.map((flag) => (flag.kind === 'no-op-pass' ? flag.pass : flag.kind))).toEqual([1, 3]);
  });

  it('flags a context over the window, success or not, apart from the trigger: the next call would be refused', () => {
    const over = runOutcome(result(true, 52_000), basis(18_000), { trigger: 43_616, window: 60_000 });
    expect(kinds(over.flags)).toEqual(['estimate-disagrees', 'over-window']);
    expect(over.flags[1]).toEqual({
      kind: 'over-window', context: 70_000, window: 60_000,
      message: 'The context after the run is 70,000 (with 18,000 for the system prompt and tools not in the file), o200k_base exact — over the 60,000-token window: the next model call would be refused.',
    });
    expect(kinds(runOutcome(result(false, 52_000), basis(18_000), { window: 60_000 }).flags)).toEqual(['over-window']);
    // At the window exactly the call still fits.
    expect(runOutcome(result(true, 42_000), basis(18_000), { trigger: 43_616, window: 60_000 }).flags.filter((flag) => flag.kind === 'over-window')).toEqual([]);
  });

  it('flags a success that kept under 300 tokens, or under 0.2 % of a long history, as a wipe', () => {
    const [wiped] = runOutcome(result(true, 51, [pass(1)], 118_543), basis(0), {}).flags;
    expect(wiped).toEqual({ kind: 'history-wiped', kept: 51, history: 118_543, message: expect.stringContaining('kept 51 of 118,543 tokens of the history') });
    expect(wiped.message).toContain('under 300');
    expect(kinds(runOutcome(result(true, 1_900, [pass(1)], 1_000_000), basis(0), {}).flags)).toEqual(['history-wiped']);
    // A 2,000-token system prompt sits in both counts and no profile compacts it: the wipe is judged on the messages.
    const withSystem = { ...result(true, 2_051, [pass(1)], 120_543), exact: { encoding: 'o200k_base' as const, before: 120_543, after: 2_051, system: 2_000 } };
    expect(runOutcome(withSystem, basis(0), {}).flags).toEqual([{ kind: 'history-wiped', kept: 51, history: 118_543, message: expect.stringContaining('kept 51 of 118,543 tokens of the history') }]);
    // A long history compacted to a real summary, a short one compacted to little, and a failed run raise nothing.
    expect(runOutcome(result(true, 2_100, [pass(1)], 1_000_000), basis(0), {}).flags).toEqual([]);
    expect(runOutcome(result(true, 120, [pass(1)], 2_500), basis(0), {}).flags).toEqual([]);
    expect(runOutcome(result(false, 51, [pass(1)], 118_543), basis(0), {}).flags).toEqual([]);
  });

  it('flags a success whose output replaced no message, even when its pass wrote a summary', () => {
    const keptAll = pass(1, [], { m1: { kind: 'kept' }, m2: { kind: 'repaired', reason: 'orphan' } });
    const { flags } = runOutcome(result(true, 13_000, [keptAll]), basis(0), {});
    expect(flags).toEqual([{ kind: 'replaced-nothing', message: expect.stringContaining('replaced nothing: no message of the history was summarized, masked, cut, trimmed or dropped; the context grew from 12,000 to 13,000') }]);
    // A run whose gate never fired ran no pass and claims nothing; a failed run is already no success.
    expect(runOutcome(result(true, 12_000, []), basis(0), {}).flags).toEqual([]);
    expect(runOutcome(result(false, 13_000, [keptAll]), basis(0), {}).flags).toEqual([]);
  });
});
