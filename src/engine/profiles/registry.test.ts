import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { codeLanguages } from './code/code-language';
import { profileIds, profileMeta } from './meta';
import { profileModule, profileModules, type ProfileId } from './registry';

const profilesDirectory = import.meta.dirname;

/** The files a module loads at run time, followed through relative imports (`import type` is erased, so it is not). */
function runtimeClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = path.resolve(path.dirname(file), match[1]);
      pending.push(existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts'));
    }
  }
  return seen;
}

/** Every field of a JSON Schema object node, by dotted path (`[]` for an array's items), with its node. */
function fieldsOf(node: Record<string, unknown>, prefix = ''): [string, Record<string, unknown>][] {
  const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).flatMap(([name, child]) => {
    const field = prefix ? `${prefix}.${name}` : name;
    const items = child.items as Record<string, unknown> | undefined;
    return [[field, child] as [string, Record<string, unknown>], ...fieldsOf(child, field), ...(items ? fieldsOf(items, `${field}[]`) : [])];
  });
}

/** A module's answers for its own defaults: a finite trigger, no settings problem, and code in every language. */
function answersForDefaults<Id extends ProfileId>(id: Id): void {
  const module = profileModule(id);
  const defaults = module.schema.parse({});
  expect(Number.isFinite(module.limits(defaults).trigger)).toBe(true);
  expect(module.settingsProblems(defaults)).toEqual([]);
  for (const language of codeLanguages) {
    const { code, notes } = module.renderCode({ meta: module.meta, parameters: defaults, defaults, emitAll: false }, language);
    expect(code, `${id} in ${language}`).toMatch(/^\/\/ Compaction Lab config/);
    // Only a language other than the profile's own may lack a counterpart; such a snippet points back to the own one.
    const isForeign = notes.some((note) => note.includes('has no counterpart'));
    if (language === module.meta.codeLanguage) expect(isForeign, `${id} renders its own language ${language}`).toBe(false);
  }
}

describe('every profile module keeps the contract (src/engine/profiles/README.md)', () => {
  it.each(profileIds)('%s: lives in its own folder, and its module, meta and id agree', (id) => {
    expect(existsSync(path.join(profilesDirectory, id, 'meta.ts'))).toBe(true);
    expect(existsSync(path.join(profilesDirectory, id, 'index.ts'))).toBe(true);
    expect(profileModules[id].id).toBe(id);
    expect(profileModules[id].meta).toBe(profileMeta[id]);
    expect(profileMeta[id].id).toBe(id);
    expect(profileModule(id)).toBe(profileModules[id]);
  });

  it('lists the same profiles in the page registry and the worker registry', () => {
    expect(Object.keys(profileMeta)).toEqual([...profileIds]);
    expect(Object.keys(profileModules)).toEqual([...profileIds]);
  });

  it.each(profileIds)('%s: describes every parameter; the prompt overrides are described by its prompt slots', (id: ProfileId) => {
    const { schema, meta } = profileModules[id];
    const undescribed = fieldsOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).filter(([, node]) => typeof node.description !== 'string' || node.description.trim() === '');
    const slotPaths = meta.promptSlots.map((slot) => slot.path.join('.'));
    for (const [field] of undescribed) expect(slotPaths, `${field} has no .describe()`).toContain(field);
  });

  it.each(profileIds)('%s: answers limits, settings problems and code in every language for its defaults', (id) => answersForDefaults(id));

  it.each(profileIds)("%s: its meta names only the schema's own parameters, and its presets validate", (id: ProfileId) => {
    const { schema, meta } = profileModules[id];
    const fields = Object.keys(schema.shape);
    if (meta.windowField !== undefined) expect(fields).toContain(meta.windowField);
    for (const parameter of meta.keyParameters) expect(fields).toContain(parameter.field);
    for (const field of meta.whatIfFields) expect(fields).toContain(field.parameter);
    for (const slot of meta.promptSlots) expect(fields).toContain(slot.path[0]);
    for (const preset of meta.presets) {
      const window = meta.windowField && !preset.leavesWindowUnset ? { [meta.windowField]: 100_000 } : {};
      expect(schema.safeParse({ ...window, ...preset.parameters(100_000) }).success, preset.id).toBe(true);
    }
  });

  it('keeps every meta free of run code, so the page bundle carries none', () => {
    const closure = [...runtimeClosure(path.join(profilesDirectory, 'meta.ts'))].map((file) => path.relative(profilesDirectory, file));
    expect(closure.length).toBeGreaterThan(profileIds.length);
    for (const file of closure) {
      // Plain data only: metas, presets, what-if fields, prompt slots and their texts, upstream differences.
      expect(file, `the page's meta loads ${file}`).toMatch(/(^|\/)(meta|presets|what-if-fields|prompt-slots|[\w-]*-prompts?|[\w-]*deviations)\.ts$/);
      expect(readFileSync(path.join(profilesDirectory, file), 'utf8'), `${file} loads zod`).not.toMatch(/from 'zod'/);
    }
  });
});
