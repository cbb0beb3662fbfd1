import { describe, expect, it } from 'vitest';
import { handMadeReplay } from './replay-view.test-support';
import { policyContexts } from './policy-contexts';
import { betterWords, totalsLines } from './session-totals';

// 400 tokens of overhead: after each step the context is 700, 800, 900, 600, 700, 800, 900, 600, 700, 800 tokens.
const basis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 400 } as const;

describe('policyContexts: both policies on one yardstick (issue 27)', () => {
  it('two policies that compact identically but differ in reserve (so in trigger) come out the same, counted against the lower trigger', () => {
    const a = handMadeReplay();
    // The same compactions, the gate's threshold 200 tokens lower (a larger reserve): by its own line B would be
    // over the trigger at 5 of 10 steps where A is at none.
    const b = handMadeReplay(undefined, { trigger: 700 });
    const contexts = policyContexts(a, b, basis, { window: 1200 });
    expect(contexts.lines).toEqual({ window: 1200, trigger: 700 });
    expect(contexts.ownTriggers).toEqual({ a: 900, b: 700 });
    if (!contexts.a || !contexts.b) throw new Error('both policies have a context');
    expect(contexts.b.overTrigger).toEqual(contexts.a.overTrigger);
    const lines = totalsLines({ view: a, isOffline: true, context: contexts.a }, { view: b, isOffline: true, context: contexts.b });
    expect(lines.filter((line) => line.better === 'A' || line.better === 'B')).toEqual([]);
    expect(betterWords(lines)).toBe('A and B come out the same on every total.');
  });

  // A policy whose context stays 200 tokens higher and whose own trigger is higher too (1,100 against 900).
  const higher = () => handMadeReplay(undefined, { trigger: 1100, steps: handMadeReplay().steps.map((step) => ({ ...step, exactTokens: step.exactTokens + 200, exactTokensAfter: step.exactTokensAfter === undefined ? undefined : step.exactTokensAfter + 200 })) });
  const overShare = (a: ReturnType<typeof handMadeReplay>, b: ReturnType<typeof handMadeReplay>) => {
    const contexts = policyContexts(a, b, basis, { window: 1200 });
    if (!contexts.a || !contexts.b) throw new Error('both policies have a context');
    const line = totalsLines({ view: a, isOffline: true, context: contexts.a }, { view: b, isOffline: true, context: contexts.b }).find((candidate) => candidate.id === 'over-share');
    return { line, trigger: contexts.lines?.trigger };
  };

  it('a B whose context stays higher is found worse on the lower line, whatever its own', () => {
    expect(overShare(handMadeReplay(), higher())).toMatchObject({ trigger: 900, line: { a: "0.00% (0 of 10; 0 by the profile's own estimate)", better: 'A' } });
  });

  it('swapping A and B judges both on the same line and mirrors the verdict', () => {
    const straight = overShare(handMadeReplay(), higher());
    const swapped = overShare(higher(), handMadeReplay());
    expect(swapped.trigger).toBe(straight.trigger);
    expect(swapped.line).toMatchObject({ a: straight.line?.b, b: straight.line?.a, better: 'B' });
  });
});
