import { readFile } from 'node:fs/promises';
import { parseLabConfig, type LabConfig } from '../engine/config/lab-config';
import { profileEntries } from '../engine/profiles/registry';
import { UsageError, type CommandLine } from './arguments';

/** The config (validated by the engine's schemas) and its CLI-only `providers` field, which is stripped before validation. */
export async function readConfig(line: CommandLine): Promise<{ config: LabConfig; providers: unknown }> {
  const file = line.options.get('config');
  let document: Record<string, unknown> = {};
  if (typeof file === 'string') {
    try {
      document = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, 1);
    }
  }
  const { providers, ...engineDocument } = document;
  document = engineDocument;
  const profile = line.options.get('profile');
  if (typeof profile === 'string') document = { ...document, profile };
  const overrides = line.sets;
  const window = line.options.get('window');
  if (window === true) throw new UsageError('--window needs a number of tokens');
  if (typeof window === 'string') {
    const profileId = String(document.profile ?? 'auto-compactor');
    if (!(profileId in profileEntries)) throw new UsageError(`unknown profile "${profileId.slice(0, 40)}"; use one of ${Object.keys(profileEntries).join(', ')}`);
    const entry = profileEntries[profileId as keyof typeof profileEntries];
    if (!entry.windowField) throw new UsageError(`--window does not apply to the ${profileId} profile`);
    overrides.push(`${entry.windowField}=${window}`);
  }
  const parsed = parseLabConfig(document, overrides);
  if ('issues' in parsed) throw new UsageError(`invalid config: ${parsed.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  return { config: parsed.config, providers };
}
