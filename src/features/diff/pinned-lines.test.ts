import { describe, expect, it } from 'vitest';
import { buildPinnedOperative, pinBudgetChars } from '../../engine/profiles/auto-compactor/pinned-operative';
import { checkPinnedLines, pinnedLinesOf, pinnedSegments } from './pinned-lines';

describe('pinnedLinesOf', () => {
  const skills = [
    { name: 'deploy', operative: ['  Never push to main without review.  ', 'Tag\nreleases', 'x'.repeat(600)] },
    { name: 'ops', operative: ['Never push to main without review.', ''] },
    { name: 'broken', operative: 'not a list' },
  ];

  it('reads an auto-compactor config as the Dart manifest parser does: trimmed, inner line breaks kept, lines over 512 chars rejected', () => {
    expect(pinnedLinesOf({ profile: 'auto-compactor', operativeSkills: skills })).toEqual([
      { line: 'Never push to main without review.', skills: ['deploy', 'ops'] },
      { line: 'Tag\nreleases', skills: ['deploy'] },
    ]);
    expect(pinnedLinesOf({ operativeSkills: skills }), 'a document without a profile is an auto-compactor one').toHaveLength(2);
  });

  it('reads a unified config as unified pins: one line each, cut at 1000 chars', () => {
    expect(pinnedLinesOf({ profile: 'unified', operativeSkills: skills })).toEqual([
      { line: 'Never push to main without review.', skills: ['deploy', 'ops'] },
      { line: 'Tag releases', skills: ['deploy'] },
      { line: 'x'.repeat(600), skills: ['deploy'] },
    ]);
  });

  it('finds exactly the lines the run pins, for both profiles', () => {
    const runSkills = skills.filter((skill) => Array.isArray(skill.operative)).map((skill) => ({ ...skill, operative: skill.operative as string[], isRead: false }));
    for (const [profile, style] of [['auto-compactor', 'seed'], ['unified', 'lab']] as const) {
      const pinned = buildPinnedOperative(runSkills, pinBudgetChars, style)?.pins.map((pin) => pin.line);
      expect(pinnedLinesOf({ profile, operativeSkills: skills }).map((pin) => pin.line), profile).toEqual(pinned);
    }
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
