import { describe, expect, it } from 'vitest';
import { parseLabConfig } from '../lab-config';
import { isConfigDocument, type ConfigDocument } from './config-document';

describe('ConfigDocument', () => {
  it('is any JSON object, and only that', () => {
    expect([{}, { profile: 'two-tier' }].every(isConfigDocument)).toBe(true);
    expect([null, [1], 'two-tier', 3].some(isConfigDocument)).toBe(false);
  });

  it('is a type a parsed LabConfig does not fit, so one is never read where the other is meant', () => {
    const parsed = parseLabConfig({ profile: 'auto-compactor' });
    if (!('config' in parsed)) throw new Error('the defaults should parse');
    // @ts-expect-error A LabConfig holds its parameters under `parameters`; a document holds them flat.
    const mixedUp: ConfigDocument = parsed.config;
    expect(mixedUp.parameters).toBeDefined();
  });
});
