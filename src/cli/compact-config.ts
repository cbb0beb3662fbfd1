import { parseLabConfig } from '../engine/headless';
import type { LabConfig } from '../engine/config';
import { isProfileId, profileIds, profileMeta } from '../engine/profiles/meta';
import { UsageError, type CommandLine } from './arguments';
import { readConfigObject } from './read-input-file';
import { quoted } from './terminal-text';
import { readWholeNumber } from './whole-number';

/**
 * Refuses a window of 0 or less, naming where it came from (`--set window`, the config file's field). A window is a size in tokens. The engine lets a page or `--run-anyway` run a window of 0 or less to show that it
 * does nothing, but on a command line it can only be a slip, so it is refused as input whatever the flags.
 */
export function checkWindow(config: LabConfig, overrides: readonly string[], file: string | true | undefined): void {
  const field = profileMeta[config.profile].windowField;
  const parameters: Readonly<Record<string, unknown>> = config.parameters;
  const window = field === undefined ? undefined : parameters[field];
  if (typeof window !== 'number' || window > 0) return;
  const source = overrides.some((override) => override.startsWith(`${field}=`)) ? `--set ${field}` : typeof file === 'string' ? `${file}: ${field}` : String(field);
  throw new UsageError(`${source}: ${window} is not a window; a window is a positive whole number of tokens`);
}

/** The `--window` flag: a positive whole number of tokens in decimal digits, or a usage error naming the flag and quoting what was given. */
function windowFlag(value: string | true): number {
  const { number: window, isTooLarge } = readWholeNumber(value);
  if (isTooLarge) throw new UsageError(`--window: ${quoted(value as string, 24)} is too large; a window is at most ${Number.MAX_SAFE_INTEGER} tokens`);
  if (window === undefined || window <= 0) throw new UsageError(`--window needs a positive whole number of tokens, not ${value === true ? 'nothing' : quoted(value, 20)}`);
  return window;
}

/** The config (validated by the engine's schemas) and its CLI-only `providers` field, which is stripped before validation. */
export async function readConfig(line: CommandLine): Promise<{ config: LabConfig; providers: unknown }> {
  const file = line.options.get('config');
  const source = typeof file === 'string' ? `${file}: ` : '';
  const { providers, ...document } = typeof file === 'string' ? await readConfigObject(file) : {};
  const profile = line.options.get('profile');
  if (typeof profile === 'string') document.profile = profile;
  const overrides = [...line.sets];
  const window = line.options.get('window');
  if (window !== undefined) {
    const tokens = windowFlag(window);
    const profileId = String(document.profile ?? 'auto-compactor');
    if (!isProfileId(profileId)) throw new UsageError(`unknown profile ${quoted(profileId, 40)}; use one of ${profileIds.join(', ')}`);
    const { windowField } = profileMeta[profileId];
    if (!windowField) throw new UsageError(`--window does not apply to the ${profileId} profile`);
    overrides.push(`${windowField}=${tokens}`);
  }
  const parsed = parseLabConfig(document, overrides);
  if ('issues' in parsed) throw new UsageError(`${source}invalid config: ${parsed.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  checkWindow(parsed.config, overrides, file);
  return { config: parsed.config, providers };
}
