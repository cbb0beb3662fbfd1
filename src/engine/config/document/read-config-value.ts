import { isJsonObject } from '../../json-value';
import { isProfileId } from '../../profiles/meta';
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

/**
 * Whether a value is plainly meant as a config, for a surface that takes files of more than one kind (the page's
 * Open file…): the share envelope (by its `kind`, whatever its version), its body without the header, or a bare
 * document naming a profile this build knows. Any other JSON object would read as a bare config of defaults, so
 * `readConfigValue` alone cannot tell a config from a transcript of a format nobody recognised.
 */
export function looksLikeConfigValue(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  return value.kind === shareKind || (isWrapper(value) && isJsonObject(value.config)) || (value.kind === undefined && isProfileId(value.profile));
}
