import { describe, expect, it } from 'vitest';
import { stalledPass, stallShare } from './stalled-pass';

describe('a stalled pass (issue 27)', () => {
  it('is one that saved less than 1% of the context before it, said with its figures and the rule', () => {
    expect(stallShare).toBe(0.01);
    const stall = stalledPass(45_300, 45_268, false);
    expect(stall?.words).toBe('stalled: saved 32 tokens (0.07% of 45,300)');
    expect(stall?.title).toMatch(/^Stalled: this pass saved 32 tokens \(0\.07% of 45,300\), less than 1% of the context before it \(context tokens, as on this card\)\./);
    expect(stalledPass(10_000, 10_000, false)?.words).toBe('stalled: saved 0 tokens (0.00% of 10,000)');
    expect(stalledPass(10_000, 10_120, false)?.words).toBe('stalled: grew the context by 120 tokens');
  });

  it('is not one that saved 1% or more, nor one that replaced nothing (its own flag), nor one still being counted', () => {
    expect(stalledPass(10_000, 9_900, false)).toBeUndefined();
    expect(stalledPass(28_880, 1_697, false)).toBeUndefined();
    expect(stalledPass(10_000, 10_000, true)).toBeUndefined();
    expect(stalledPass(undefined, 10_000, false)).toBeUndefined();
    expect(stalledPass(10_000, undefined, false)).toBeUndefined();
  });
});
