import { describe, expect, it } from 'vitest';
import { shareKind, shareSchemaVersion } from './share-envelope';
import { readShareDocument } from './share-reading';

const envelope = { kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: 'test', config: { schemaVersion: 1, profile: 'two-tier', keepLast: 4 } };

describe('reading a shared config', () => {
  it('takes an envelope of this version as it is', () => {
    expect(readShareDocument(envelope)).toEqual({ status: 'ok', envelope, fromVersion: shareSchemaVersion, notices: [] });
  });

  it('takes a bare config document and wraps it, saying so', () => {
    const reading = readShareDocument({ schemaVersion: 1, profile: 'two-tier', keepLast: 4 });
    expect(reading).toMatchObject({ status: 'ok', fromVersion: 0, envelope: { kind: shareKind, config: { profile: 'two-tier', keepLast: 4 } } });
    if (reading.status === 'ok') expect(reading.notices[0]).toContain('bare config document');
  });

  it('opens a future envelope version read-only, untouched, with a notice', () => {
    const future = { ...envelope, schemaVersion: shareSchemaVersion + 1, somethingNew: { x: 1 } };
    const reading = readShareDocument(future);
    expect(reading).toEqual({ status: 'read-only', document: future, notice: expect.stringContaining(`schemaVersion ${shareSchemaVersion + 1}`) });
  });

  it('opens a config of a future config version read-only too, whether bare or in an envelope', () => {
    expect(readShareDocument({ schemaVersion: 99, profile: 'two-tier' })).toMatchObject({ status: 'read-only', notice: expect.stringContaining('config (config) has schemaVersion 99') });
    expect(readShareDocument({ ...envelope, ab: { a: envelope.config, b: { schemaVersion: 7 } } })).toMatchObject({ status: 'read-only', notice: expect.stringContaining('(ab.b)') });
  });

  it('names where a document is wrong', () => {
    expect(readShareDocument([1, 2])).toEqual({ status: 'invalid', issues: [{ path: '(root)', message: expect.stringContaining('JSON object') }] });
    expect(readShareDocument({ ...envelope, kind: 'something/else' })).toEqual({ status: 'invalid', issues: [{ path: 'kind', message: expect.stringContaining('not a Compaction Lab config') }] });
    expect(readShareDocument({ ...envelope, schemaVersion: 'one' })).toEqual({ status: 'invalid', issues: [{ path: 'schemaVersion', message: expect.any(String) }] });
    expect(readShareDocument({ ...envelope, createdWith: undefined })).toMatchObject({ status: 'invalid', issues: [{ path: 'createdWith' }] });
    expect(readShareDocument({ ...envelope, view: { tab: 'diff', pass: -1 } })).toMatchObject({ status: 'invalid', issues: [{ path: 'view.pass' }] });
  });

  it('refuses fields the envelope does not have, each at its own path (a transcript never rides along)', () => {
    const reading = readShareDocument({ ...envelope, transcript: { messages: [] }, view: { tab: 'diff', pass: 0, zoom: 2 } });
    expect(reading.status).toBe('invalid');
    if (reading.status !== 'invalid') return;
    expect(reading.issues.map((issue) => issue.path).sort()).toEqual(['transcript', 'view.zoom']);
  });
});
