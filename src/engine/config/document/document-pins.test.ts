import { describe, expect, it } from 'vitest';
import { parseLabConfig } from '../lab-config';
import { declaredPins, pinnedLinesOf, takesPins } from './document-pins';
import { withPinnedLine } from '../../pins/declared-pins';
import { buildPinnedOperative, pinBudgetChars } from '../../pins/pinned-operative';

/** A config declaring one pin with a line break inside and one 600-character pin. */
const skills = { operativeSkills: [{ name: 'deploy', operative: ['keep\nthis', 'x'.repeat(600)] }] };

describe('declaredPins reads pins as the document’s profile runs them (its meta says how)', () => {
  it('auto-compactor (seed style): lines trimmed and kept byte for byte, over-long ones rejected', () => {
    expect(declaredPins({ ...skills, profile: 'auto-compactor' }).map((pin) => pin.line)).toEqual(['keep\nthis']);
  });

  it('unified (its own style): line breaks folded, over-long lines cut at 1000 chars but kept', () => {
    expect(declaredPins({ ...skills, profile: 'unified' }).map((pin) => pin.line)).toEqual(['keep this', 'x'.repeat(600)]);
  });

  it('the default profile’s style when the document names none; none for profiles that take no pins', () => {
    expect(declaredPins(skills).map((pin) => pin.line)).toEqual(['keep\nthis']);
    expect(declaredPins({ ...skills, profile: 'two-tier' })).toEqual([]);
    expect(declaredPins({ ...skills, profile: 'no-such-profile' })).toEqual([]);
    expect([takesPins('auto-compactor'), takesPins('unified'), takesPins('two-tier'), takesPins('rolling-summary')]).toEqual([true, true, false, false]);
  });
});

describe('pinnedLinesOf a validated config', () => {
  it('reads the skills from the parameters, where a parsed config holds them (the replay once read the top level and found none)', () => {
    const parsed = parseLabConfig({ profile: 'auto-compactor', operativeSkills: [{ name: 'rules', operative: ['Always run the tests before pushing'], isRead: true }] });
    if (!('config' in parsed)) throw new Error('the config should parse');
    expect(pinnedLinesOf(parsed.config)).toEqual(['Always run the tests before pushing']);
  });
});

describe('withPinnedLine', () => {
  it('adds the line to the pinned skill, making it when missing, and keeps every other skill and field', () => {
    const once = withPinnedLine({ profile: 'unified', operativeSkills: [{ name: 'deploy', operative: ['a'] }] }, 'Never push to main');
    expect(once).toEqual({ profile: 'unified', operativeSkills: [{ name: 'deploy', operative: ['a'] }, { name: 'pinned', operative: ['Never push to main'] }] });
    const twice = once && withPinnedLine(once, 'Run the tests');
    expect(twice?.operativeSkills).toEqual([{ name: 'deploy', operative: ['a'] }, { name: 'pinned', operative: ['Never push to main', 'Run the tests'] }]);
  });

  it('answers undefined when the line is already pinned', () => {
    expect(withPinnedLine({ operativeSkills: [{ name: 'pinned', operative: ['x'] }] }, 'x')).toBeUndefined();
  });
});

describe('declaredPins, as the Diff lists them', () => {
  const pinnedLinesOf = (document: Record<string, unknown>) => declaredPins(document).map(({ line, skills }) => ({ line, skills }));
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
    expect(pinnedLinesOf({})).toEqual([]);
    expect(pinnedLinesOf({ profile: 'two-tier' })).toEqual([]);
  });
});
