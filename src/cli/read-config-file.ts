import { configOfEnvelope, readShareDocument, shareKind, shareSchemaVersion } from '../engine/config';
import { UsageError } from './arguments';
import { readConfigObject } from './read-input-file';

/** A config file as the CLI reads it: the config document, and the A/B pair when the file is an envelope carrying one. */
export interface ConfigFile {
  document: Record<string, unknown>;
  ab?: { a: Record<string, unknown>; b: Record<string, unknown> };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads what the app exports: the share envelope `{kind: 'compaction-lab/config', config, prompts?, ab?}` (older
 * versions migrated forward, prompt overrides put back into the config), a `{config, prompts?}` wrapper without the
 * envelope's header, or a bare config document `{schemaVersion, profile, …}`. Errors name the file and the field; a
 * file that cannot be read exits 2, and one whose content is not a config exits with `invalidExitCode`.
 */
export async function readConfigFile(file: string, invalidExitCode = 2): Promise<ConfigFile> {
  const parsed = await readConfigObject(file, invalidExitCode);
  const isWrapper = (value: unknown): value is Record<string, unknown> => isObject(value) && value.kind === undefined && 'config' in value && !('profile' in value);
  const value = isWrapper(parsed) ? { kind: shareKind, schemaVersion: shareSchemaVersion, createdWith: 'unknown', ...parsed } : parsed;
  const reading = readShareDocument(value);
  if (reading.status === 'invalid') throw new UsageError(`${file}: ${reading.issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, invalidExitCode);
  if (reading.status === 'read-only') throw new UsageError(`${file}: ${reading.notice}`, invalidExitCode);
  return { document: configOfEnvelope(reading.envelope), ab: reading.envelope.ab };
}
