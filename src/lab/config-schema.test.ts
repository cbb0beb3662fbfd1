import { describe, expect, it } from 'vitest';
import { profileModules } from '../engine/profiles/registry';
import { profileIds } from '../engine/profiles/meta';
import { describeProfileConfig, validateConfigDocument } from './config-schema';

describe('describeProfileConfig', () => {
  it('lists every parameter of each profile, none of them required when the seed has a default', () => {
    for (const id of profileIds) {
      const schema = describeProfileConfig(id);
      // Beside the profile's own parameters: the offline summarizer's settings (issue 16).
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual([...Object.keys(profileModules[id].schema.shape), 'offlineSummary'].sort());
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required ?? []).toEqual([]);
    }
  });

  it('describes the offline summarizer\'s budget beside every profile\'s parameters', () => {
    for (const id of profileIds) {
      const { offlineSummary } = describeProfileConfig(id).properties ?? {};
      expect(offlineSummary).toMatchObject({ type: 'object', additionalProperties: false, description: expect.stringMatching(/offline summarizer/) });
      expect(offlineSummary.properties?.summaryMaxTokens).toMatchObject({ type: 'integer', exclusiveMinimum: 0, description: expect.stringMatching(/budget in tokens.*3,000/) });
    }
  });

  it('carries defaults, integer bounds without the safe-integer noise, enums and nullable numbers', () => {
    const { properties = {} } = describeProfileConfig('auto-compactor');
    expect(properties.reserveTokens).toMatchObject({ type: 'integer', default: 16384, minimum: 0 });
    expect(properties.reserveTokens.maximum).toBeUndefined();
    expect(properties.window.minimum).toBeUndefined();
    expect(properties.estimator).toMatchObject({ enum: ['seed', 'exact'], default: 'seed' });
    expect(properties.triggerRatio.default).toBeNull();
    expect(properties.triggerRatio.anyOf?.map((branch) => branch.type)).toEqual(['number', 'null']);
  });

  it('describes arrays of objects and nested objects, with the required fields of an item', () => {
    const { properties = {} } = describeProfileConfig('unified');
    expect(properties.operativeSkills.items?.required).toEqual(['name']);
    expect(properties.operativeSkills.items?.properties?.operative).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(properties.observationMask.properties?.keepLast).toMatchObject({ type: 'integer', default: 12 });
  });

  it('leaves optional fields without a default, and nullable strings as a type list', () => {
    const { properties = {} } = describeProfileConfig('two-tier');
    expect(properties.keepLast.default).toBeUndefined();
    expect(properties.summarizePrompt.type).toEqual(['string', 'null']);
  });

  it('fills in the lab’s notes, per profile where the meaning differs, and never on a nullable branch', () => {
    const auto = describeProfileConfig('auto-compactor').properties ?? {};
    const unified = describeProfileConfig('unified').properties ?? {};
    expect(auto.triggerRatio.description).toContain('min(window − reserveTokens');
    expect(auto.triggerRatio.anyOf?.every((branch) => branch.description === undefined)).toBe(true);
    expect(unified.hardLimitStrategy.description).toContain('`none` turns tier 2 off');
    expect(unified.operativeSkills.items?.properties?.isRead.description).toContain('SKILL.md');
  });

  it('refuses an unknown profile', () => {
    expect(() => describeProfileConfig('nope')).toThrow(/Unknown profile nope/);
  });
});

describe('validateConfigDocument', () => {
  it('returns the parsed config with the defaults filled in', () => {
    const result = validateConfigDocument({ schemaVersion: 1, profile: 'two-tier', keepFirst: 4 });
    expect(result).toMatchObject({ ok: true, config: { profile: 'two-tier', parameters: { keepFirst: 4, compactStrategy: 'observation-mask' } } });
  });

  it('names each bad field by path, including unknown ones', () => {
    const result = validateConfigDocument({ profile: 'unified', observationMask: { keepLast: -1 }, windw: 5 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.path).sort()).toEqual(['observationMask.keepLast', 'windw']);
    expect(result.issues.find((issue) => issue.path === 'windw')?.message).toMatch(/^not a parameter of this profile/);
  });
});

describe('the worker contract', () => {
  it('serves the schema and the verdict through createLabApi', async () => {
    const { createLabApi } = await import('../worker/lab-api');
    const api = createLabApi();
    const schema = await api.describeConfig('rolling-summary');
    expect(schema.ok && schema.value.properties?.keepVerbatim).toMatchObject({ type: 'integer', default: 2 });
    expect(await api.validateConfig({ profile: 'rolling-summary', keepVerbatim: 'two' })).toMatchObject({ ok: true, value: { ok: false, issues: [{ path: 'keepVerbatim' }] } });
  });
});

describe('field help', () => {
  /** Every description in a JSON Schema node and below it. */
  function descriptions(node: unknown): string[] {
    if (typeof node !== 'object' || node === null) return [];
    const own = 'description' in node && typeof node.description === 'string' ? [node.description] : [];
    return [...own, ...Object.values(node).flatMap(descriptions)];
  }

  it('is in plain words: no issue numbers or spec sections in any field of any profile', () => {
    for (const id of profileIds) {
      const help = descriptions(describeProfileConfig(id));
      expect(help.length).toBeGreaterThan(0);
      for (const text of help) expect(text, `${id}: ${text}`).not.toMatch(/gh-\d|\bissue \d|#\d|§\d/i);
    }
    const operativeSkills = describeProfileConfig('auto-compactor').properties?.operativeSkills?.description ?? '';
    expect(operativeSkills).toContain('word for word');
  });
});
