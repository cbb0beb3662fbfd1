import { describe, expect, it } from 'vitest';
import { findCutPoint, type CutEntry } from './cut-point';

const user: CutEntry = { kind: 'message', role: 'user', tokens: 101 };
const assistant: CutEntry = { kind: 'message', role: 'assistant', tokens: 101 };
const toolResult: CutEntry = { kind: 'message', role: 'toolResult', tokens: 101 };

describe('findCutPoint cases 1–6 (spec §1.11)', () => {
  it('case 1: u a u a u a with keep 350 cuts at m3, no split turn', () => {
    const entries = [user, assistant, user, assistant, user, assistant];
    expect(findCutPoint(entries, 0, entries.length, 350)).toEqual({ firstKeptIndex: 2, turnStartIndex: -1, isSplitTurn: false });
  });

  it('case 2: u a toolResult u a with keep 250 moves forward off the tool result to m4', () => {
    const entries = [user, assistant, toolResult, user, assistant];
    expect(findCutPoint(entries, 0, entries.length, 250)).toEqual({ firstKeptIndex: 3, turnStartIndex: -1, isSplitTurn: false });
  });

  it('case 3: u a toolResult a with keep 150 cuts at m4, a split turn starting at m1', () => {
    const entries = [user, assistant, toolResult, assistant];
    expect(findCutPoint(entries, 0, entries.length, 150)).toEqual({ firstKeptIndex: 3, turnStartIndex: 0, isSplitTurn: true });
  });

  it('case 4: u thinkingLevelChange u a with keep 150 keeps the thinking-level record', () => {
    const entries: CutEntry[] = [user, { kind: 'other' }, user, assistant];
    expect(findCutPoint(entries, 0, entries.length, 150).firstKeptIndex).toBe(1);
  });

  it('case 5: only tool results keep everything from index 0', () => {
    const entries = [toolResult, toolResult, toolResult];
    expect(findCutPoint(entries, 0, entries.length, 150)).toEqual({ firstKeptIndex: 0, turnStartIndex: -1, isSplitTurn: false });
  });

  it('case 6: a branch-summary record is a valid cut and a turn start', () => {
    const entries: CutEntry[] = [user, assistant, { kind: 'branch-summary' }, assistant, toolResult, assistant];
    const cut = findCutPoint(entries, 0, entries.length, 150);
    expect(cut).toEqual({ firstKeptIndex: 5, turnStartIndex: 2, isSplitTurn: true });
    const atSummary = findCutPoint([user, assistant, toolResult, { kind: 'branch-summary' }, assistant], 0, 5, 150);
    expect(atSummary).toEqual({ firstKeptIndex: 3, turnStartIndex: 3, isSplitTurn: true });
  });
});

describe('findCutPoint when the kept tail is smaller than the newest message', () => {
  const largeResult: CutEntry = { kind: 'message', role: 'toolResult', tokens: 2700 };
  const entries = [user, assistant, user, assistant, toolResult, assistant, user, assistant, largeResult];

  it('D34: the seed falls back to the first valid cut point, so nothing is summarized (upstream behaviour kept)', () => {
    expect(findCutPoint(entries, 0, entries.length, 100)).toEqual({ firstKeptIndex: 0, turnStartIndex: -1, isSplitTurn: false });
  });

  it('summarize-oversized (the lab option, unified\'s rule) keeps no tail: the summary takes the newest call and its result too', () => {
    expect(findCutPoint(entries, 0, entries.length, 100, 'summarize-oversized')).toEqual({ firstKeptIndex: entries.length, turnStartIndex: -1, isSplitTurn: false });
  });

  it('summarize-oversized leaves a crossing message larger than the budget to the summary, and cuts at the next valid point', () => {
    const largeReply: CutEntry = { kind: 'message', role: 'assistant', tokens: 2700 };
    const ending = [user, assistant, user, largeReply, toolResult, assistant];
    // The seed keeps the large reply whole (a 2,902-token tail for a 250-token budget); the option cuts after it.
    expect(findCutPoint(ending, 0, ending.length, 250)).toEqual({ firstKeptIndex: 3, turnStartIndex: 2, isSplitTurn: true });
    expect(findCutPoint(ending, 0, ending.length, 250, 'summarize-oversized')).toEqual({ firstKeptIndex: 5, turnStartIndex: 2, isSplitTurn: true });
  });

  it('summarize-oversized cuts as the seed does when no message is larger than the budget', () => {
    const ordinary = [user, assistant, toolResult, user, assistant, toolResult, assistant];
    for (const keep of [101, 150, 250, 350, 10_000]) expect(findCutPoint(ordinary, 0, ordinary.length, keep, 'summarize-oversized')).toEqual(findCutPoint(ordinary, 0, ordinary.length, keep));
  });
});
