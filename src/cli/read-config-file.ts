import { readFile } from 'node:fs/promises';
import { configOfEnvelope, shareKind, shareSchemaVersion } from '../engine/config/share-envelope';
import { readShareDocument } from '../engine/config/share-reading';
import { UsageError } from './arguments';

/** A config file as the CLI reads it: the config document, and the A/B pair when the file is an envelope carrying one. */
export interface ConfigFile {
  document: Record<string, unknown>;
  ab?: { a: Record<string, unknown>; b: Record<string, unknown> };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads what the app exports: the share envelope `{kind: 'compaction-lab/config', config, prompts?, ab?}` (older
 * versions migrated forward, prompt overrides put back into the config), a `{config, prompts?}` wrapper without the
 * envelope's header, or a bare config document `{schemaVersion, profile, …}`. Errors name the file and the field.
 */
export async function readConfigFile(file: string): Promise<ConfigFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, 1);
  }
  const isWrapper = (value: unknown): value is Record<string, unknown> => isObject(value) && value.kind === undefined && 'config' in value && !('profile' in value);
  const value = isWrapper(parsed) ? { kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: 'unknown', ...parsed } : parsed;
  const reading = readShareDocument(value);
  if (reading.status === 'invalid') throw new UsageError(`${file}: ${reading.issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  if (reading.status === 'read-only') throw new UsageError(`${file}: ${reading.notice}`);
  return { document: configOfEnvelope(reading.envelope), ab: reading.envelope.ab };
}
