import { describe, expect, it } from 'vitest';
import { defaultProfileId, documentProfile, namedProfile } from './document-profile';

describe('documentProfile', () => {
  it('names the document’s own profile, or the default when it names none', () => {
    expect(documentProfile({ profile: 'two-tier' })).toBe('two-tier');
    expect(documentProfile({})).toBe(defaultProfileId);
    expect(documentProfile({ profile: null })).toBe('auto-compactor');
  });

  it('has no answer for a profile this build does not know', () => {
    for (const document of [{ profile: 'nope' }, { profile: 5 }, { profile: ['two-tier'] }]) expect(documentProfile(document)).toBeUndefined();
  });
});

describe('namedProfile', () => {
  it('says the profile a document names, unknown ones as given, the default when it names none', () => {
    expect(namedProfile({ profile: 'two-tier' })).toBe('two-tier');
    expect(namedProfile({ profile: 'no-such-profile' })).toBe('no-such-profile');
    expect(namedProfile({ window: 1 })).toBe('auto-compactor');
    expect(namedProfile({ profile: null })).toBe('auto-compactor');
  });
});
