import { impossibleSettings, offlineSummarySchema, parseLabConfig, profileModule } from '../engine/headless';
import { configLimits } from './config-limits';
import * as z from 'zod';
import { isProfileId, profileIds } from '../engine/profiles/meta';
import type { ConfigDocument } from '../engine/config';
import { isJsonObject } from '../engine';
import type { ConfigJsonSchema, ConfigValidation } from '../worker-client/config-protocol';

/** zod writes `z.number().int()` with ±MAX_SAFE_INTEGER bounds; they say nothing to a user, so the form never shows them. */
const isSafeIntegerBound = (value: unknown) => value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;


/**
 * A copy of a JSON Schema node without zod's noise. Each field's `description` is its schema's `.describe()` text; it is
 * written last in the node, after what the field is.
 */
function cleaned(node: Record<string, unknown>): ConfigJsonSchema {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'description') continue;
    if ((key === 'minimum' || key === 'maximum') && isSafeIntegerBound(value)) continue;
    if (key === 'properties' && isJsonObject(value)) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, isJsonObject(child) ? cleaned(child) : child]));
    } else if (key === 'items' && isJsonObject(value)) {
      result.items = cleaned(value);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      result.anyOf = value.map((branch: unknown) => (isJsonObject(branch) ? cleaned(branch) : branch));
    } else {
      result[key] = value;
    }
  }
  if (node.description !== undefined) result.description = node.description;
  return result as ConfigJsonSchema;
}

/**
 * A profile's parameters as JSON Schema, from the strict zod schema `parseLabConfig` validates with: the input side
 * (a field with a default is optional), so the form can tell "left to the default" from "set"; with the config's
 * `offlineSummary` settings beside them.
 */
export function describeProfileConfig(profile: string): ConfigJsonSchema {
  if (!isProfileId(profile)) throw new Error(`Unknown profile ${profile}; known: ${profileIds.join(', ')}.`);
  const schema = cleaned(z.toJSONSchema(profileModule(profile).schema, { io: 'input', unrepresentable: 'any' }));
  // The offline summarizer's settings sit beside every profile's parameters (issue 16), so every form shows them.
  const offlineSummary = cleaned(z.toJSONSchema(offlineSummarySchema, { io: 'input', unrepresentable: 'any' }));
  return { ...schema, properties: { ...schema.properties, offlineSummary } };
}

/** Validates a config document exactly as a run does, as data the page can show beside each field. */
export function validateConfigDocument(document: ConfigDocument): ConfigValidation {
  const parsed = parseLabConfig(document);
  if ('issues' in parsed) return { ok: false, issues: parsed.issues };
  return { ok: true, config: parsed.config, limits: configLimits(parsed.config), settingsProblems: impossibleSettings(parsed.config) };
}
