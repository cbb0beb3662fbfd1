import { describe, expect, it } from 'vitest';
import { labConfigDocument, parseLabConfig } from './lab-config';

describe('parseLabConfig', () => {
  it('fills each profile with its seed defaults', () => {
    const parsed = parseLabConfig({ profile: 'auto-compactor' });
    if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.config.parameters).toMatchObject({ maxPasses: 8, maxAttempts: 3, baseBackoffMs: 1000, attemptBudgetMs: 300_000, totalBudgetMs: 900_000 });
    const rolling = parseLabConfig({ profile: 'rolling-summary' });
    if ('issues' in rolling) throw new Error(JSON.stringify(rolling.issues));
    expect(rolling.config.parameters).toMatchObject({ keepVerbatim: 2, summariseAtTokens: 2500, summaryMessageId: '__compact-summary' });
  });

  it('applies --set overrides before validating them', () => {
    const parsed = parseLabConfig({ profile: 'auto-compactor' }, ['window=32000', 'maxPasses=2']);
    if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.config.parameters).toMatchObject({ window: 32000, maxPasses: 2 });
  });

  it('names the path of a bad or unknown field', () => {
    expect(parseLabConfig({ profile: 'auto-compactor', maxPasses: 'many' })).toMatchObject({ issues: [{ path: 'maxPasses' }] });
    expect(parseLabConfig({ profile: 'auto-compactor', maxPases: 3 })).toMatchObject({ issues: [{ path: 'maxPases', message: expect.stringMatching(/^not a parameter of this profile/) }] });
    expect(parseLabConfig({ profile: 'auto-compactor' }, ['operativeSkills=[{"name":""}]'])).toMatchObject({ issues: [{ path: 'operativeSkills[0].name' }] });
    expect(parseLabConfig({ profile: 'nope' })).toMatchObject({ issues: [{ path: 'profile' }] });
    expect(parseLabConfig({ schemaVersion: 9 })).toMatchObject({ issues: [{ path: 'schemaVersion' }] });
  });

  it('takes the offline summarizer\'s budget beside the parameters, from a --set too, and names a bad one by its path', () => {
    const parsed = parseLabConfig({ profile: 'two-tier' }, ['offlineSummary.summaryMaxTokens=4000']);
    if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.config.offlineSummary).toEqual({ summaryMaxTokens: 4000 });
    // It is not a profile parameter: the profile's strict schema never sees it.
    expect(parsed.config.parameters).not.toHaveProperty('offlineSummary');
    // A run request carries it back whole.
    expect(labConfigDocument(parsed.config)).toMatchObject({ profile: 'two-tier', offlineSummary: { summaryMaxTokens: 4000 } });
    const plain = parseLabConfig({ profile: 'two-tier' });
    if ('issues' in plain) throw new Error(JSON.stringify(plain.issues));
    expect(plain.config).not.toHaveProperty('offlineSummary');
    expect(labConfigDocument(plain.config)).not.toHaveProperty('offlineSummary');
    expect(parseLabConfig({ offlineSummary: { summaryMaxTokens: 0 } })).toMatchObject({ issues: [{ path: 'offlineSummary.summaryMaxTokens' }] });
    expect(parseLabConfig({ offlineSummary: { summaryMaxToken: 10 } })).toMatchObject({ issues: [{ path: 'offlineSummary.summaryMaxToken', message: 'not a setting of the offline summarizer' }] });
    expect(parseLabConfig({ offlineSummary: 3000 })).toMatchObject({ issues: [{ path: 'offlineSummary' }] });
  });
});

describe('a window of null', () => {
  it('leaves the window to the profile, as an absent one does: the seed’s default, or none for harn', () => {
    const leftAlone = (document: Record<string, unknown>) => {
      const parsed = parseLabConfig(document);
      if ('issues' in parsed) throw new Error(parsed.issues[0].message);
      return parsed.config.parameters;
    };
    expect(leftAlone({ profile: 'two-tier', contextWindow: null })).toEqual(leftAlone({ profile: 'two-tier' }));
    expect(leftAlone({ profile: 'auto-compactor', window: null })).toEqual(leftAlone({ profile: 'auto-compactor' }));
  });
});
