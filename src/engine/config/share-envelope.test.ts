import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { promptSlots } from './prompt-catalog';
import { configOfEnvelope, envelopePromptIssues, separatePrompts, shareEnvelopeOf, shareKind, shareSchemaVersion } from './share-envelope';

const defaultOf = (id: string) => promptSlots.find((slot) => slot.id === id)?.defaultText ?? '';

describe('canonical JSON', () => {
  it('sorts keys at every depth, keeps array order and indents by two spaces', () => {
    const text = canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } });
    expect(text).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}');
  });

  it('gives the same text for the same config written in another key order', () => {
    expect(canonicalJson({ profile: 'two-tier', keepLast: 4 })).toBe(canonicalJson({ keepLast: 4, profile: 'two-tier' }));
  });
});

describe('the share envelope', () => {
  const tuned = { schemaVersion: 1, profile: 'auto-compactor', window: 64000, prompts: { summary: 'Keep paths.', summarySystem: defaultOf('summarySystem'), customInstructions: '' } };

  it('pulls prompt overrides out of the config, keyed by slot, and drops prompts equal to their default', () => {
    const envelope = shareEnvelopeOf(tuned, { createdWith: 'test' });
    expect(envelope).toEqual({ kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: 'test', config: { schemaVersion: 1, profile: 'auto-compactor', window: 64000 }, prompts: { summary: 'Keep paths.' } });
  });

  it('puts the overrides back at their paths when read', () => {
    const envelope = shareEnvelopeOf(tuned, { createdWith: 'test' });
    expect(configOfEnvelope(envelope)).toEqual({ schemaVersion: 1, profile: 'auto-compactor', window: 64000, prompts: { summary: 'Keep paths.' } });
  });

  it('finds the prompts of each profile at its own path (two-tier template, rolling-summary system prompt)', () => {
    expect(separatePrompts({ profile: 'two-tier', summarizePrompt: 'Sum {{formatted_messages}}', keepLast: 4 })).toEqual({ config: { profile: 'two-tier', keepLast: 4 }, prompts: { summarizePrompt: 'Sum {{formatted_messages}}' } });
    expect(separatePrompts({ profile: 'rolling-summary', systemPrompt: defaultOf('systemPrompt') })).toEqual({ config: { profile: 'rolling-summary' }, prompts: {} });
    expect(separatePrompts({ profile: 'two-tier', summarizePrompt: null })).toEqual({ config: { profile: 'two-tier', summarizePrompt: null }, prompts: {} });
  });

  it('leaves a config of an unknown profile as it is, for validation to name the profile', () => {
    expect(separatePrompts({ profile: 'nope', prompts: { summary: 'x' } })).toEqual({ config: { profile: 'nope', prompts: { summary: 'x' } }, prompts: {} });
  });

  it('carries an A/B pair and the view only when given', () => {
    const envelope = shareEnvelopeOf({ profile: 'two-tier' }, { createdWith: 'test', ab: { a: { profile: 'two-tier' }, b: { profile: 'two-tier', keepLast: 3 } }, view: { tab: 'diff', pass: 2 } });
    expect(envelope.ab?.b).toEqual({ profile: 'two-tier', keepLast: 3 });
    expect(envelope.view).toEqual({ tab: 'diff', pass: 2 });
    expect('ab' in shareEnvelopeOf({ profile: 'two-tier' }, { createdWith: 'test' })).toBe(false);
  });

  it('names prompt overrides that cannot be placed', () => {
    const base = { kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: 'test' } as const;
    expect(envelopePromptIssues({ ...base, config: { profile: 'two-tier' }, prompts: { summary: 'x', nonsense: 'y' } })).toEqual([
      { path: 'prompts.summary', message: expect.stringContaining('the two-tier profile does not send this prompt; its prompts are summarizePrompt') },
      { path: 'prompts.nonsense', message: expect.stringContaining('not a prompt slot') },
    ]);
    expect(envelopePromptIssues({ ...base, config: { profile: 'auto-compactor', prompts: { summary: 'a' } }, prompts: { summary: 'b' } })).toEqual([
      { path: 'prompts.summary', message: 'set twice: also at config.prompts.summary' },
    ]);
  });
});
