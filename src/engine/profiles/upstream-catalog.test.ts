import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileIds, profileMeta } from './meta';
import { withUpstreamDifferences } from './upstream-markdown';

const profilesDirectory = import.meta.dirname;
const readme = readFileSync(path.join(profilesDirectory, '..', '..', '..', 'README.md'), 'utf8');

/** Every named test (`it('X12: …'`) in a profile's folder. */
function namedTests(profile: string): Set<string> {
  const folder = path.join(profilesDirectory, profile);
  const names = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.test.ts'))) {
    for (const match of readFileSync(path.join(folder, file), 'utf8').matchAll(/\bit\(\s*['"`]([A-Za-z]+\d+[a-z]?):/g)) names.add(match[1]);
  }
  return names;
}

/** The test ids a deviation cites: `H31`, `U20–U25` (a range), `S4, S5`. */
function citedTests(reference: string): string[] {
  const range = /^([A-Za-z]+)(\d+)[–-]\1?(\d+)$/.exec(reference);
  if (range) {
    const [, prefix, from, to] = range;
    return Array.from({ length: Number(to) - Number(from) + 1 }, (_, offset) => `${prefix}${Number(from) + offset}`);
  }
  return reference.split(/,\s*/);
}

describe('upstream differences', () => {
  for (const profile of profileIds) {
    const { sources, deviations } = profileMeta[profile].upstream;

    it(`${profile}: names its upstream code and at least one written-down difference, each complete`, () => {
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) expect(source.commit).toMatch(/^[0-9a-f]{8,40}$/);
      expect(deviations.length).toBeGreaterThan(0);
      for (const deviation of deviations) {
        for (const field of ['title', 'upstream', 'ours', 'why'] as const) expect(deviation[field].trim(), `${deviation.title}: ${field}`).not.toBe('');
      }
      expect(new Set(deviations.map((deviation) => deviation.title)).size).toBe(deviations.length);
    });

    it(`${profile}: every test a difference cites exists in the profile's suite`, () => {
      const names = namedTests(profile);
      for (const deviation of deviations) {
        for (const cited of deviation.test ? citedTests(deviation.test) : []) expect(names, `${deviation.title} cites ${cited}`).toContain(cited);
      }
    });

  }

  it('the README lists them as the profiles state them (run `npm run docs` after changing one)', () => {
    expect(withUpstreamDifferences(readme)).toBe(readme);
  });
});
