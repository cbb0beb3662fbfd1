import { describe, expect, it } from 'vitest';
import { shareEnvelopeOf } from './share-envelope';
import { readShareDocument } from './share-reading';
import { validateShareEnvelope } from './share-validation';

function issuesOf(document: unknown) {
  const reading = readShareDocument(document);
  if (reading.status !== 'ok') throw new Error(reading.status);
  return validateShareEnvelope(reading.envelope, reading.fromVersion);
}

describe('validating a shared config', () => {
  it('passes a tuned config with prompt overrides and an A/B pair', () => {
    const envelope = shareEnvelopeOf({ schemaVersion: 1, profile: 'two-tier', keepLast: 4, summarizePrompt: 'Sum {{formatted_messages}} of {{archived_count}}' }, { createdWith: 'test', ab: { a: { profile: 'two-tier' }, b: { profile: 'auto-compactor', window: 32000 } } });
    expect(issuesOf(envelope)).toEqual([]);
  });

  it('names config fields by envelope path, or by the bare document path', () => {
    const bad = { schemaVersion: 1, profile: 'auto-compactor', windw: 1000 };
    expect(issuesOf(shareEnvelopeOf(bad, { createdWith: 'test' })).map((issue) => issue.path)).toEqual(['config.windw']);
    expect(issuesOf({ ...bad, foo: 1 }).map((issue) => issue.path)).toEqual(['windw', 'foo']);
    expect(issuesOf({ schemaVersion: 1, profile: 'auto-compactor', maxPasses: 0 })).toEqual([{ path: 'maxPasses', message: expect.any(String) }]);
    expect(issuesOf(shareEnvelopeOf({ profile: 'auto-compactor', maxPasses: 0 }, { createdWith: 'test' }))).toEqual([{ path: 'config.maxPasses', message: expect.any(String) }]);
  });

  it('flags a mistyped prompt variable at the prompt', () => {
    const envelope = shareEnvelopeOf({ profile: 'two-tier', summarizePrompt: 'Sum {{formated_messages}}' }, { createdWith: 'test' });
    expect(issuesOf(envelope)).toEqual([{ path: 'prompts.summarizePrompt', message: expect.stringContaining('uses {{formated_messages}}, which it does not fill') }]);
    expect(issuesOf({ profile: 'two-tier', summarizePrompt: 'Sum {{formated_messages}}' })[0].path).toBe('summarizePrompt');
  });

  it('checks the A/B variants’ prompts too, at their paths in the pair', () => {
    const envelope = shareEnvelopeOf({ profile: 'two-tier' }, { createdWith: 'test', ab: { a: { profile: 'two-tier' }, b: { prompts: { summary: 'Summarize {{conversaton}} please' } } } });
    expect(issuesOf(envelope)).toEqual([{ path: 'ab.b.prompts.summary', message: expect.stringContaining('{{conversaton}}') }]);
  });

  it('validates both A/B variants', () => {
    const envelope = shareEnvelopeOf({ profile: 'two-tier' }, { createdWith: 'test', ab: { a: { profile: 'two-tier', keepLast: -1 }, b: { profile: 'nope' } } });
    expect(issuesOf(envelope).map((issue) => issue.path)).toEqual(['ab.a.keepLast', 'ab.b.profile']);
  });

  it('lets the CLI field providers through (it names key variables, not keys)', () => {
    expect(issuesOf({ profile: 'auto-compactor', providers: { main: { provider: 'openai', model: 'gpt-4o-mini', apiKeyEnv: 'OPENAI_API_KEY' } } })).toEqual([]);
  });
});
