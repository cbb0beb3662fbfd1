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

  it('shortest-tail (unified\'s rule) keeps the newest call and its result, a split turn, and leaves the rest to the summary', () => {
    expect(findCutPoint(entries, 0, entries.length, 100, 'shortest-tail')).toEqual({ firstKeptIndex: 7, turnStartIndex: 6, isSplitTurn: true });
  });
});
