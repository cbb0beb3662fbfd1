import { readConfigValue, type ConfigDocument, type ConfigPair } from '../engine/config';
import { UsageError } from './arguments';
import { readConfigObject } from './read-input-file';

/** A config file as the CLI reads it: the config document, and the A/B pair when the file is an envelope carrying one. */
export interface ConfigFile {
  document: ConfigDocument;
  ab?: ConfigPair;
}

/**
 * Reads a config file with the engine's one reader (`readConfigValue`), so every command takes what the app exports:
 * the share envelope (older versions migrated forward, prompt overrides put back into the config), the same body
 * without the envelope's header, or a bare config document `{schemaVersion, profile, …}`. Errors name the file and
 * the field; a file that cannot be read exits 2, and one whose content is not a config exits with `invalidExitCode`.
 */
export async function readConfigFile(file: string, invalidExitCode = 2): Promise<ConfigFile> {
  const reading = readConfigValue(await readConfigObject(file, invalidExitCode));
  if (reading.status === 'invalid') throw new UsageError(`${file}: ${reading.issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, invalidExitCode);
  if (reading.status === 'read-only') throw new UsageError(`${file}: ${reading.notice}`, invalidExitCode);
  return { document: reading.document, ...(reading.pair ? { ab: reading.pair } : {}) };
}
