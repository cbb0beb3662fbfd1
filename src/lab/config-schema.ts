import { impossibleSettings } from '../engine/config/impossible-settings';
import { configLimits } from './config-limits';
import { z } from 'zod';
import { parseLabConfig } from '../engine/config/lab-config';
import { profileEntries, profileIds, type ProfileId } from '../engine/profiles/registry';
import type { ConfigJsonSchema, ConfigValidation } from '../worker-client/protocol';
import { configFieldNote } from './config-field-notes';

/** zod writes `z.number().int()` with ±MAX_SAFE_INTEGER bounds; they say nothing to a user, so the form never shows them. */
const isSafeIntegerBound = (value: unknown) => value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;

/** Copies a node without zod's noise, filling in the lab's description of each field by its dotted path. */
/** `path` is undefined for an `anyOf` branch: the branches describe the same field, which alone carries its note. */
function cleaned(node: Record<string, unknown>, profile: ProfileId, path: string | undefined): ConfigJsonSchema {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && isSafeIntegerBound(value)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(
        Object.entries(value as Record<string, Record<string, unknown>>).map(([name, child]) => [name, cleaned(child, profile, path ? `${path}.${name}` : name)]),
      );
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      result.items = cleaned(value as Record<string, unknown>, profile, `${path}[]`);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      result.anyOf = value.map((branch: Record<string, unknown>) => cleaned(branch, profile, undefined));
    } else {
      result[key] = value;
    }
  }
  const note = path ? configFieldNote(profile, path) : undefined;
  if (result.description === undefined && note) result.description = note;
  return result as ConfigJsonSchema;
}

/**
 * A profile's parameters as JSON Schema, from the strict zod schema `parseLabConfig` validates with: the input side
 * (a field with a default is optional), so the form can tell "left to the default" from "set".
 */
export function describeProfileConfig(profile: string): ConfigJsonSchema {
  if (!(profileIds as readonly string[]).includes(profile)) throw new Error(`Unknown profile ${profile}; known: ${profileIds.join(', ')}.`);
  const id = profile as ProfileId;
  const schema = z.toJSONSchema(profileEntries[id].schema.strict(), { io: 'input', unrepresentable: 'any' });
  return cleaned(schema as Record<string, unknown>, id, '');
}

/** Validates a config document exactly as a run does, as data the page can show beside each field. */
export function validateConfigDocument(document: unknown): ConfigValidation {
  const parsed = parseLabConfig(document);
  if ('issues' in parsed) return { ok: false, issues: parsed.issues };
  return { ok: true, config: parsed.config, limits: configLimits(parsed.config), settingsProblems: impossibleSettings(parsed.config) };
}
