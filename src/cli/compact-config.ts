import { documentProfile, namedProfile, windowFieldOf, type ConfigDocument } from '../engine/config';
import type { LabConfig, SettingsProblem } from '../engine';
import { profileIds } from '../engine/profiles/meta';
import { preflightConfig } from '../lab/preflight';
import { UsageError, type CommandLine } from './arguments';
import { readConfigFile } from './read-config-file';
import { refusalLine } from './settings-check';
import { quoted } from './terminal-text';
import { readWholeNumber } from './whole-number';

/**
 * Refuses a window of 0 or less, naming where it came from (`--set window`, the config file's field). A window is a size in tokens. The engine lets a page or `--run-anyway` run a window of 0 or less to show that it
 * does nothing, but on a command line it can only be a slip, so it is refused as input whatever the flags.
 */
function checkWindow(config: LabConfig, overrides: readonly string[], file: string | true | undefined): void {
  const field = windowFieldOf({ profile: config.profile });
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

/** A config document checked for a command, with the CLI-only `providers` field it carried. */
export interface CheckedDocument {
  config: LabConfig;
  /** Settings that cannot work as set, run anyway (`--run-anyway`); empty otherwise. */
  forced: SettingsProblem[];
  providers: unknown;
}

/**
 * Checks a config document for a command with the lab's one pre-flight (schema, prompt overrides, settings that cannot
 * work unless `runAnyway`), after its `--set` overrides, and refuses a window of 0 or less: a refusal is one usage
 * error (exit 2) naming `source` (the file, or an A/B variant) and the field. The CLI-only `providers` field is taken
 * out before the engine reads the document.
 */
export function checkDocument(document: ConfigDocument, source: string | undefined, options: { overrides?: readonly string[]; runAnyway: boolean }): CheckedDocument {
  const { providers, ...engineDocument } = document;
  const overrides = options.overrides ?? [];
  // Settings that cannot work are let through here and refused after the window check: a window of 0 is a slip to
  // name first, before the settings it makes impossible.
  const checked = preflightConfig(engineDocument, { overrides, runAnyway: true });
  if ('refusal' in checked) throw new UsageError(refusalLine(checked.refusal, source));
  checkWindow(checked.config, overrides, source);
  if (checked.forced.length > 0 && !options.runAnyway) throw new UsageError(refusalLine({ code: 'impossible-settings', problems: checked.forced }, source));
  return { config: checked.config, forced: checked.forced, providers };
}

/**
 * The config a run command reads: its `--config` file through the one reader (an envelope the app exports, its body,
 * or a bare document), `--profile`, `--window` and `--set` over it, then `checkDocument`.
 */
export async function readConfig(line: CommandLine): Promise<CheckedDocument & { configFile?: string }> {
  const file = line.options.get('config');
  const configFile = typeof file === 'string' ? file : undefined;
  const read: ConfigDocument = configFile === undefined ? {} : (await readConfigFile(configFile)).document;
  const profile = line.options.get('profile');
  const document: ConfigDocument = typeof profile === 'string' ? { ...read, profile } : read;
  const overrides = [...line.sets];
  const window = line.options.get('window');
  if (window !== undefined) {
    const tokens = windowFlag(window);
    const profileId = documentProfile(document);
    if (!profileId) throw new UsageError(`unknown profile ${quoted(namedProfile(document), 40)}; use one of ${profileIds.join(', ')}`);
    const field = windowFieldOf(document);
    if (!field) throw new UsageError(`--window does not apply to the ${profileId} profile`);
    overrides.push(`${field}=${tokens}`);
  }
  return { ...checkDocument(document, configFile, { overrides, runAnyway: line.options.has('run-anyway') }), ...(configFile === undefined ? {} : { configFile }) };
}
