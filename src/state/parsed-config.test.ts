import { describe, expect, it } from 'vitest';
import { documentProfile, parseConfig } from './parsed-config';

describe('documentProfile', () => {
  it('names the document’s own profile, or the engine’s default when it names none', () => {
    expect(documentProfile({ profile: 'two-tier' })).toBe('two-tier');
    expect(documentProfile({})).toBe('auto-compactor');
    expect(documentProfile({ profile: null })).toBe('auto-compactor');
  });

  it('has no answer for an unknown profile or a document that is not a JSON object', () => {
    for (const document of [{ profile: 'nope' }, { profile: 5 }, null, [1], 'two-tier', 3]) expect(documentProfile(document)).toBeUndefined();
  });
});

describe('parseConfig', () => {
  it('quotes the parser’s own words beside the located message', () => {
    const problem = parseConfig('{\n  "window": 5\n  "force": true\n}').syntaxProblem;
    expect(problem?.parserMessage).toContain(problem?.message ?? '-');
    expect(problem?.message).not.toMatch(/position/);
    expect(problem?.parserMessage).toMatch(/position/);
  });
});
