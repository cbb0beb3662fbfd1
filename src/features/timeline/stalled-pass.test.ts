import { describe, expect, it } from 'vitest';
import { stallRatio } from '../../engine';
import { stalledPass, type PassStallInput } from './stalled-pass';

const overTrigger: PassStallInput = { contentBefore: 45_300, contentAfter: 44_100, contextAfter: 50_000, trigger: 40_000, isNoOp: false, isGuardStall: false };

describe('a stalled pass (issue 27)', () => {
  it("is one that left the context over its trigger and saved under the engine's stall ratio of the exact transcript tokens", () => {
    expect(stallRatio).toBe(0.05);
    const stall = stalledPass(overTrigger);
    expect(stall?.words).toBe('stalled: saved 1,200 tokens (2.65% of 45,300)');
    expect(stall?.title).toBe(
      "Stalled: this pass saved 1,200 tokens (2.65% of 45,300) (exact transcript tokens, without the overhead), under the 5% a pass must save, and the context after it, 50,000 tokens, is still over the run's 40,000-token trigger.",
    );
    expect(stalledPass({ ...overTrigger, contentAfter: 45_420 })?.words).toBe('stalled: grew the transcript by 120 tokens');
  });

  it('is not the pass that brought the context under its trigger, however little it saved', () => {
    expect(stalledPass({ ...overTrigger, contextAfter: 39_900 })).toBeUndefined();
  });

  it('measures the saving on the transcript, so a large unstored overhead does not make a real saving look small', () => {
    // 10,000 of 100,000 transcript tokens is 10%: against a 400,000-token context with the overhead it would be 2.5%.
    expect(stalledPass({ contentBefore: 100_000, contentAfter: 90_000, contextAfter: 390_000, trigger: 150_000, isNoOp: false, isGuardStall: false })).toBeUndefined();
  });

  it("is the pass the profile's own stall guard stopped the run at, whatever the page's figures say", () => {
    const stall = stalledPass({ contentBefore: 10_000, contentAfter: 9_700, contextAfter: 9_700, trigger: 20_000, isNoOp: false, isGuardStall: true });
    expect(stall?.words).toBe('stalled: saved 300 tokens (3.00% of 10,000)');
    expect(stall?.title).toMatch(/The profile's stall guard stopped the run here\.$/);
  });

  it('is not one that replaced nothing (its own mark), one with no trigger to be over, nor one still being counted', () => {
    expect(stalledPass({ ...overTrigger, isNoOp: true })).toBeUndefined();
    expect(stalledPass({ ...overTrigger, trigger: undefined })).toBeUndefined();
    expect(stalledPass({ ...overTrigger, contentBefore: undefined })).toBeUndefined();
    expect(stalledPass({ ...overTrigger, contextAfter: undefined })).toBeUndefined();
  });
});
