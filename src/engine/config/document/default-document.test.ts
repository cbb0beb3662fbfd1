import { describe, expect, it } from 'vitest';
import { configSchemaVersion } from '../config-version';
import { defaultDocument } from './default-document';

describe('defaultDocument', () => {
  it('names the profile and schema version, and a window only when given, at the profile’s own field', () => {
    expect(defaultDocument('two-tier')).toEqual({ schemaVersion: configSchemaVersion, profile: 'two-tier' });
    expect(defaultDocument('two-tier', 64_000)).toEqual({ schemaVersion: configSchemaVersion, profile: 'two-tier', contextWindow: 64_000 });
    expect(defaultDocument('rolling-summary', 64_000)).toEqual({ schemaVersion: configSchemaVersion, profile: 'rolling-summary' });
  });
});
