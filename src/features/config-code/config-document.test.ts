import { describe, expect, it } from 'vitest';
import { currentConfigDocument } from './config-document';

describe('currentConfigDocument', () => {
  it('uses the profile\'s defaults with the page\'s window when the config was not edited', () => {
    expect(currentConfigDocument(undefined, 'two-tier', 64000)).toEqual({ config: { schemaVersion: 1, profile: 'two-tier', contextWindow: 64000 } });
    expect(currentConfigDocument(undefined, 'rolling-summary', 64000)).toEqual({ config: { schemaVersion: 1, profile: 'rolling-summary' } });
  });

  it('reads the edited text, and says so when it is not JSON', () => {
    expect(currentConfigDocument('{"profile":"unified","window":9000}', 'auto-compactor', 1)).toEqual({ config: { profile: 'unified', window: 9000 } });
    const broken = currentConfigDocument('{"profile":', 'auto-compactor', 1);
    expect('error' in broken && broken.error).toMatch(/not valid JSON/);
  });
});
