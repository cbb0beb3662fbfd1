import * as z from 'zod';
import { isProfileId } from '../profiles/meta';
import { promptSlots, promptSlotsOf } from './prompt-catalog';
import { valueAt, withValueAt } from './document/document-paths';

/** What every shared config file and link says it is, so a reader can tell it from any other JSON. */
export const shareKind = 'compaction-lab/config';

/** The envelope version this build writes; older ones are migrated on read (see share-migrations.ts). */
export const shareSchemaVersion = 1;

const configDocumentSchema = z.record(z.string(), z.unknown());

/**
 * The shared envelope, strict so a transcript, a key field or a typo never rides along unnoticed. `config` is the
 * config document `{schemaVersion, profile, …parameters}` without the prompt overrides, which sit apart in `prompts`
 * (keyed by prompt slot id) so a reader sees at a glance what was rewritten.
 */
export const shareEnvelopeSchema = z
  .object({
    kind: z.literal(shareKind),
    schemaVersion: z.literal(shareSchemaVersion),
    createdWith: z.string().min(1),
    config: configDocumentSchema,
    prompts: z.record(z.string(), z.string()).optional(),
    ab: z.object({ a: configDocumentSchema, b: configDocumentSchema }).strict().optional(),
    view: z.object({ tab: z.string().min(1), pass: z.number().int().nonnegative() }).strict().optional(),
  })
  .strict();

/** A shared config as this build writes and reads it. */
export type ShareEnvelope = z.infer<typeof shareEnvelopeSchema>;

/** What else may travel with a config: who wrote it, an A/B pair, and the view the sharer was looking at. */
export interface ShareExtras {
  createdWith: string;
  ab?: { a: Record<string, unknown>; b: Record<string, unknown> };
  view?: { tab: string; pass: number };
}

/**
 * Splits a config document into the config without its prompt texts and the overrides that differ from the default.
 * A prompt equal to its default is dropped: in a config, absent already means the default.
 */
export function separatePrompts(config: Record<string, unknown>): { config: Record<string, unknown>; prompts: Record<string, string> } {
  if (!isProfileId(config.profile)) return { config, prompts: {} };
  let rest = config;
  const prompts: Record<string, string> = {};
  for (const slot of promptSlotsOf(config.profile)) {
    const text = valueAt(rest, slot.path);
    if (typeof text !== 'string') continue;
    if (text !== slot.defaultText) prompts[slot.id] = text;
    rest = withValueAt(rest, slot.path, undefined);
  }
  return { config: rest, prompts };
}

/** Builds the envelope for a config document (and optionally an A/B pair and a view), prompts pulled out. */
export function shareEnvelopeOf(config: Record<string, unknown>, extras: ShareExtras): ShareEnvelope {
  const separated = separatePrompts(config);
  return {
    kind: shareKind,
    schemaVersion: shareSchemaVersion,
    createdWith: extras.createdWith,
    config: separated.config,
    ...(Object.keys(separated.prompts).length > 0 ? { prompts: separated.prompts } : {}),
    ...(extras.ab ? { ab: extras.ab } : {}),
    ...(extras.view ? { view: extras.view } : {}),
  };
}

/** The config document an envelope stands for: its config with each prompt override put back at its slot's path. */
export function configOfEnvelope(envelope: ShareEnvelope): Record<string, unknown> {
  let config = envelope.config;
  for (const [id, text] of Object.entries(envelope.prompts ?? {})) {
    const slot = promptSlots.find((candidate) => candidate.id === id && (!isProfileId(config.profile) || candidate.profiles.includes(config.profile)));
    if (slot) config = withValueAt(config, slot.path, text);
  }
  return config;
}

/**
 * Problems a valid-looking envelope can still have: a prompt override the config's profile does not send, or one
 * set twice (in `prompts` and in the config). Paths are the envelope's.
 */
export function envelopePromptIssues(envelope: ShareEnvelope): { path: string; message: string }[] {
  const profile = envelope.config.profile;
  const issues: { path: string; message: string }[] = [];
  for (const id of Object.keys(envelope.prompts ?? {})) {
    const slot = promptSlots.find((candidate) => candidate.id === id);
    const own = isProfileId(profile) ? promptSlotsOf(profile) : [];
    if (!slot) issues.push({ path: `prompts.${id}`, message: `not a prompt slot; slots are ${promptSlots.map((known) => known.id).join(', ')}` });
    else if (!isProfileId(profile)) issues.push({ path: `prompts.${id}`, message: 'config.profile must name a known profile before its prompts can be placed' });
    else if (!slot.profiles.includes(profile)) issues.push({ path: `prompts.${id}`, message: `the ${profile} profile does not send this prompt; its prompts are ${own.map((known) => known.id).join(', ') || 'none'}` });
    else if (valueAt(envelope.config, slot.path) !== undefined) issues.push({ path: `prompts.${id}`, message: `set twice: also at config.${slot.path.join('.')}` });
  }
  return issues;
}
