import { describe, expect, it } from 'vitest';
import { checkPinnedLines, pinnedLinesOf, pinnedSegments } from './pinned-lines';

describe('pinnedLinesOf', () => {
  it('reads operativeSkills[].operative[] the way the engine pins them: trimmed, one line each, shared lines merged', () => {
    const config = {
      profile: 'auto-compactor',
      operativeSkills: [
        { name: 'deploy', operative: ['  Never push to main without review.  ', 'Tag\nreleases'] },
        { name: 'ops', operative: ['Never push to main without review.', ''] },
        { name: 'broken', operative: 'not a list' },
      ],
    };
    expect(pinnedLinesOf(config)).toEqual([
      { line: 'Never push to main without review.', skills: ['deploy', 'ops'] },
      { line: 'Tag releases', skills: ['deploy'] },
    ]);
  });

  it('finds no lines in configs without skills', () => {
    expect(pinnedLinesOf(undefined)).toEqual([]);
    expect(pinnedLinesOf({ profile: 'two-tier' })).toEqual([]);
  });
});

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
