import { describe, expect, it } from 'vitest';
import type { ContextBasis } from '../tokens/context-basis';
import { replayContext, replayLines, sharedLines } from './replay-context';
import { plainTurns, replayWith, sessionOf } from './replay.test-support';

const exact: ContextBasis = { kind: 'encoding', encoding: 'o200k_base', overheadTokens: 0 };

describe('replayContext: steps over a trigger compared with part of the context only (issue 25)', () => {
  it('draws rolling-summary’s trigger but counts no whole context against it, and says why', async () => {
    // Rolling-summary compares its 400-token trigger with the older turns; the whole context (summary + two turns,
    // about 600 tokens) is over 400 at every step, which says nothing of its trigger.
    const report = await replayWith('rolling-summary', sessionOf(plainTurns(12, 200, 1000)), { keepVerbatim: 2, summariseAtTokens: 400 });
    const lines = replayLines(report, { trigger: 400 });
    expect(lines).toEqual({ trigger: 400, triggerComparedWith: expect.stringMatching(/^the older turns/) });
    const context = replayContext(report, exact, lines);
    expect(context.overTrigger).toBeUndefined();
    expect(context.overTriggerNotCounted).toMatch(/^Steps over the trigger are not counted: the trigger is compared with the older turns/);
  });

  it('counts steps over a whole-context trigger as before', async () => {
    const report = await replayWith('auto-compactor', sessionOf(plainTurns(12, 200, 1000)), { window: 1000, reserveTokens: 100, keepRecentTokens: 150 });
    const context = replayContext(report, exact, replayLines(report, { trigger: 900 }));
    expect(context.overTriggerNotCounted).toBeUndefined();
    // Each turn's human message takes the context past 900 before the turn ends and the gate fires there.
    expect(context.overTrigger?.steps).toBeGreaterThan(0);
  });
});

describe('sharedLines: the one line two policies are judged on (issue 27)', () => {
  it('takes the lower trigger and window whichever side set them, so swapping A and B gives the same line', () => {
    const a = { window: 200_000, trigger: 180_000 };
    const b = { window: 200_000, trigger: 150_000, triggerComparedWith: 'the older turns' };
    expect(sharedLines(a, b)).toEqual({ window: 200_000, trigger: 150_000, triggerComparedWith: 'the older turns' });
    expect(sharedLines(b, a)).toEqual(sharedLines(a, b));
    expect(sharedLines({ window: 100_000 }, a)).toEqual({ window: 100_000, trigger: 180_000 });
  });
});
