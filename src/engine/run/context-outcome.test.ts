import { describe, expect, it } from 'vitest';
import type { ContextBasis } from '../tokens/context-basis';
import { runOutcome } from './context-outcome';
import type { PassSnapshot, RunResult } from './events';

const pass = (number: number, flags: PassSnapshot['flags'] = []): PassSnapshot => ({
  pass: number, tokensBefore: 9000, tokensAfter: 2000, strategy: 'llm-summary', attempts: 1, ok: true, messages: [], fates: {}, insertions: [],
  lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags, durationMs: 1,
});
const result = (success: boolean, after: number, passes = [pass(1)]): RunResult => ({
  profile: 'auto-compactor', success, cancelled: false, tokensBefore: 9000, tokensAfter: 2000, passes, summarizerCalls: 1, messages: [], exact: { encoding: 'o200k_base', before: 12_000, after },
});
const basis = (overheadTokens: number): ContextBasis => ({ kind: 'encoding', encoding: 'o200k_base', overheadTokens });

describe('runOutcome', () => {
  it('flags a success whose exact context with the overhead is over the trigger, with both figures', () => {
    const { context, flags } = runOutcome(result(true, 3000), basis(5000), { trigger: 7616 });
    expect(context).toEqual({ before: 17_000, after: 8000, fitsAfter: false });
    expect(flags).toEqual([
      { kind: 'estimate-disagrees', estimate: 2000, context: 8000, trigger: 7616, message: expect.stringContaining('success at 2,000 by its own estimate, but the context after it is 8,000 (with 5,000 unstored overhead), o200k_base exact — over its 7,616-token trigger.') },
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
    const [flag] = runOutcome(result(true, 100), basis(8000), { trigger: 7616 }).flags;
    expect(flag.message).toContain('The unstored overhead alone is over the trigger');
  });

  it('lists every no-op pass by number', () => {
    const { flags } = runOutcome(result(false, 12_500, [pass(1, ['no-op']), pass(2), pass(3, ['no-op'])]), basis(0), { trigger: 10_000 });
    expect(flags.map((flag) => (flag.kind === 'no-op-pass' ? flag.pass : flag.kind))).toEqual([1, 3]);
  });
});
