import { describe, expect, it } from 'vitest';
import { labConfigDocument, parseLabConfig } from '../lab-config';
import { renderConfigCode } from './render-config-code';

describe('renderConfigCode', () => {
  it('renders a parsed LabConfig’s document exactly as the document it came from', () => {
    const document = { schemaVersion: 1, profile: 'rolling-summary', keepVerbatim: 5 };
    const parsed = parseLabConfig(document);
    if ('issues' in parsed) throw new Error('valid config refused');
    expect(renderConfigCode(labConfigDocument(parsed.config), 'ts')).toEqual(renderConfigCode(document, 'ts'));
    expect(JSON.stringify(renderConfigCode(document, 'ts'))).toContain('keepVerbatim: 5');
  });

  it('returns the config\'s issues by path instead of code', () => {
    expect(renderConfigCode({ profile: 'auto-compactor', reserveTokens: -1, typo: 1 }, 'dart')).toEqual({
      issues: [
        { path: 'reserveTokens', message: 'Too small: expected number to be >=0' },
        { path: 'typo', message: expect.stringMatching(/^not a parameter of this profile/) },
      ],
    });
    expect(renderConfigCode({ profile: 'no-such-profile' }, 'harn')).toHaveProperty('issues');
  });

  it('fills the defaults in, so an empty document renders the default profile', () => {
    const rendered = renderConfigCode({}, 'dart');
    expect('code' in rendered && rendered.code).toMatch(/window: 128000,/);
  });
});
