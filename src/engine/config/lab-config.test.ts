import { describe, expect, it } from 'vitest';
import { parseLabConfig } from './lab-config';

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
});
