import { describe, expect, it } from 'vitest';
import { shareEnvelopeOf } from '../share-envelope';
import { looksLikeConfigValue, readConfigValue } from './read-config-value';

const bare = { schemaVersion: 1, profile: 'two-tier', contextWindow: 64_000, summarizePrompt: 'Sum up {{formatted_messages}}' };

describe('readConfigValue: one reader for what users hand any surface as a config', () => {
  it('reads an envelope, its body without the header, and a bare document as the same document', () => {
    const envelope = shareEnvelopeOf(bare, { createdWith: 'test' });
    const { kind: _kind, schemaVersion: _version, createdWith: _author, ...body } = envelope;
    for (const value of [envelope, body, bare]) {
      const reading = readConfigValue(value);
      expect(reading.status).toBe('ok');
      if (reading.status === 'ok') expect(reading.document).toEqual(bare);
    }
  });

  it('gives the A/B pair an envelope carries', () => {
    const b = { ...bare, contextWindow: 32_000 };
    const reading = readConfigValue(shareEnvelopeOf(bare, { createdWith: 'test', ab: { a: bare, b } }));
    expect(reading.status === 'ok' && reading.pair).toEqual({ a: bare, b });
  });

  it('says where a value is wrong, and reads a newer version read-only', () => {
    expect(readConfigValue([1])).toMatchObject({ status: 'invalid', issues: [{ path: '(root)' }] });
    expect(readConfigValue({ kind: 'other' })).toMatchObject({ status: 'invalid', issues: [{ path: 'kind' }] });
    expect(readConfigValue({ ...bare, schemaVersion: 99 }).status).toBe('read-only');
  });

  it('tells a value meant as a config from any other JSON a file may hold, which would read as a config of defaults', () => {
    const envelope = shareEnvelopeOf(bare, { createdWith: 'test', ab: { a: bare, b: bare } });
    const { kind: _kind, schemaVersion: _version, createdWith: _author, ...body } = envelope;
    for (const value of [envelope, body, bare, { ...envelope, schemaVersion: 99 }]) expect(looksLikeConfigValue(value)).toBe(true);
    expect(readConfigValue({ hello: 'world' }).status).toBe('ok');
    for (const value of [{ hello: 'world' }, { messages: [] }, { config: 3 }, {}, { keepRecentTokens: 3000, messages: [] }, [bare], 'two-tier', null]) expect(looksLikeConfigValue(value)).toBe(false);
  });

  it('takes a bare document by its config fields: the default profile’s parameters, or a config header naming an unknown profile', () => {
    for (const value of [{ schemaVersion: 1, keepRecentTokens: 3000 }, { keepLast: 4 }, { schemaVersion: 1, profile: 'nope', keepRecentTokens: 3000 }, { profile: 'nope' }]) expect(looksLikeConfigValue(value)).toBe(true);
  });
});
