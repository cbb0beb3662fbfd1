import { describe, expect, it } from 'vitest';
import { checkPinnedLines, pinnedSegments } from './pinned-lines';

describe('checkPinnedLines', () => {
  it('marks a line present where some output message holds it verbatim, and missing otherwise', () => {
    const lines = [
      { line: 'Never push to main without review.', skills: ['deploy'] },
      { line: 'Run the migrations first.', skills: ['deploy'] },
    ];
    const texts = ['summary: Never push to main without review.', 'hello', '- Never push to main without review.\n- run the migrations first.'];
    const statuses = checkPinnedLines(lines, texts);
    expect(statuses[0].locations).toEqual([0, 2]);
    // Case differs: a paraphrase is not the line.
    expect(statuses[1].locations).toEqual([]);
  });
});

describe('pinnedSegments', () => {
  it('marks every occurrence and merges overlapping ones', () => {
    expect(pinnedSegments('a XY b XYZ c', ['XY', 'YZ'])).toEqual([
      { text: 'a ', isPinned: false },
      { text: 'XY', isPinned: true },
      { text: ' b ', isPinned: false },
      { text: 'XYZ', isPinned: true },
      { text: ' c', isPinned: false },
    ]);
  });

  it('returns the text whole when no line occurs', () => {
    expect(pinnedSegments('plain', ['zzz'])).toEqual([{ text: 'plain', isPinned: false }]);
  });
});
