import { isJsonObject } from '../../json-value';
import { isProfileId, profileIds, profileMeta } from '../../profiles/meta';
import { configOfEnvelope, shareKind, shareSchemaVersion } from '../share-envelope';
import { readShareDocument, type ShareReading } from '../share-reading';
import type { ConfigDocument } from './config-document';

/** The two configs of an A/B experiment, as an envelope carries them. */
export interface ConfigPair {
  a: ConfigDocument;
  b: ConfigDocument;
}

/** What reading a config value gives: the share reading, and on success the document to run and the A/B pair. */
export type ConfigReading =
  | Exclude<ShareReading, { status: 'ok' }>
  | (Extract<ShareReading, { status: 'ok' }> & {
      /** The config document to run: the envelope's config with its prompt overrides put back at their slots. */
      document: ConfigDocument;
      /** The A/B pair, when the envelope carries one. */
      pair?: ConfigPair;
    });

/** Who wrote a `{config, prompts?}` wrapper, which has no envelope header to say so. */
const wrapperAuthor = 'unknown (a config wrapper without an envelope header)';

/** A `{config, prompts?, ab?}` object without the envelope's `kind`: the envelope's body, written by hand. */
function isWrapper(value: unknown): boolean {
  return isJsonObject(value) && value.kind === undefined && 'config' in value && !('profile' in value);
}

/**
 * The one reader of what a user hands any surface as a config — the CLI's `--config` of every command, the page's
 * upload and shared links: the share envelope the app exports (`{kind: 'compaction-lab/config', config, prompts?,
 * ab?}`, older versions migrated forward), the same body without its header, or a bare config document
 * `{schemaVersion, profile, …}`. A newer version is read-only; every issue names its path.
 */
export function readConfigValue(value: unknown): ConfigReading {
  const enveloped = isWrapper(value) ? { kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: wrapperAuthor, ...(value as object) } : value;
  const reading = readShareDocument(enveloped);
  if (reading.status !== 'ok') return reading;
  const { ab } = reading.envelope;
  return { ...reading, document: configOfEnvelope(reading.envelope), ...(ab ? { pair: { a: ab.a, b: ab.b } } : {}) };
}

/** Fields every config document may hold whatever its profile (`providers` is the CLI's: names of key variables). */
const commonFields = ['schemaVersion', 'profile', 'offlineSummary', 'prompts', 'operativeSkills', 'providers'];

/** A window any profile's presets start from: only their parameter names are read. */
const presetWindow = 200_000;

/**
 * Every field a config document of some profile may set, read from the metas (no schemas on the page): the common
 * header, each profile's window, run-panel, what-if, force and sizing parameters, its presets' parameters and the
 * first segment of its prompt slots' paths.
 */
function knownConfigFields(): ReadonlySet<string> {
  const fields = new Set(commonFields);
  for (const id of profileIds) {
    const meta = profileMeta[id];
    const names = [
      meta.windowField,
      meta.forceGate?.field,
      ...meta.keyParameters.map((parameter) => parameter.field),
      ...meta.whatIfFields.map((field) => field.parameter),
      ...meta.presets.flatMap((preset) => Object.keys(preset.parameters(presetWindow))),
      ...meta.promptSlots.map((slot) => slot.path[0]),
      ...Object.keys(meta.sizedLike(presetWindow)),
    ];
    for (const name of names) if (name !== undefined) fields.add(name);
  }
  return fields;
}

let knownFields: ReadonlySet<string> | undefined;

/**
 * Whether a value is plainly meant as a config, for a surface that takes files of more than one kind (the page's
 * Open file…): the share envelope (by its `kind`, whatever its version), its body without the header, or a bare
 * document — one naming a profile this build knows, one with a config's header (`schemaVersion` and `profile`, so an
 * unknown profile reaches the preview that names it), or one whose every key is a config field of some profile
 * (`{"schemaVersion": 1, "keepRecentTokens": 3000}`: the default profile applies). Any other JSON object would read
 * as a bare config of defaults, so `readConfigValue` alone cannot tell a config from a transcript of a format nobody
 * recognised.
 */
export function looksLikeConfigValue(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  if (value.kind === shareKind || (isWrapper(value) && isJsonObject(value.config))) return true;
  if (value.kind !== undefined) return false;
  if (isProfileId(value.profile) || ('schemaVersion' in value && typeof value.profile === 'string')) return true;
  knownFields ??= knownConfigFields();
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => knownFields?.has(key));
}
