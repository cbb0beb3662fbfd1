import { runConfigCodeCommand } from './config-code-command';
import { readFileSync } from 'node:fs';
import { canonicalJson, defaultProfileId, encodeShareFragment, namedProfile, readConfigValue, shareEnvelopeOf, type ShareEnvelope } from '../engine/config';
import { labConfigDocument, parseLabConfig, validateShareEnvelope } from '../engine/headless';
import { deflateCompressor } from '../ports/deflate';
import { isProfileId, profileIds } from '../engine/profiles/meta';
import { UsageError, type CommandLine } from './arguments';
import type { CommandOutput } from './command-output';
import { secretIssues } from './secret-issues';
import { jsonErrorOf, maximumConfigBytes, maximumConfigDepth, readUserFile, tooDeepAt } from './read-input-file';
import { printableLine, quoted } from './terminal-text';

/** What a `config` subcommand prints and how it exits; issues go to stderr one per line, unlike the one-line errors. */
export type ConfigCommandOutput = CommandOutput;

/** Who wrote an envelope this CLI prints. */
function createdWith(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return packageJson.version ? `compaction-lab ${packageJson.version} (cli)` : 'compaction-lab (cli)';
}

/** `config defaults --profile P`: the profile's seed defaults, every parameter spelled out, as an envelope. */
function defaults(line: CommandLine): ConfigCommandOutput {
  const profile = line.options.get('profile') ?? defaultProfileId;
  if (!isProfileId(profile)) {
    throw new UsageError(`--profile needs one of ${profileIds.join(', ')}`);
  }
  const parsed = parseLabConfig({ profile });
  if ('issues' in parsed) throw new Error(`the ${profile} defaults do not validate: ${parsed.issues[0].message}`);
  return { stdout: canonicalJson(shareEnvelopeOf(labConfigDocument(parsed.config), { createdWith: createdWith() })), exitCode: 0 };
}

type Checked = { envelope: ShareEnvelope; profile: string } | { output: ConfigCommandOutput };

/** The check's verdict "invalid" (exit 1): one line per issue, each masked and escaped on its own so none can break in two. */
const failed = (file: string, lines: string[]): { output: ConfigCommandOutput } => ({ output: { stderr: lines.map((text) => printableLine(`${file}: ${text}`)).join('\n'), exitCode: 1 } });


/** Reads a file the app exported (an envelope) or a bare config document, and finds everything wrong with it. */
async function check(line: CommandLine, command: string): Promise<Checked> {
  const file = line.operands[1];
  if (!file) throw new UsageError(`config ${command} needs a file: compaction-lab config ${command} <config.json>`);
  const { text } = await readUserFile(file, maximumConfigBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failed(file, [`(root): not JSON: ${jsonErrorOf(error)}`]);
  }
  const deep = tooDeepAt(value, maximumConfigDepth);
  if (deep !== undefined) return failed(file, [`${deep}: nested more than ${maximumConfigDepth} levels deep; a config is never that deep`]);
  const reading = readConfigValue(value);
  if (reading.status === 'invalid') return failed(file, reading.issues.map((issue) => `${issue.path}: ${issue.message}`));
  if (reading.status === 'read-only') return failed(file, [`read-only: ${reading.notice}`]);
  const issues = [
    ...secretIssues(value, 'config'),
    ...validateShareEnvelope(reading.envelope, reading.fromVersion).map((issue) => `${issue.path}: ${issue.message}`),
  ];
  if (issues.length > 0) return failed(file, issues);
  return { envelope: reading.envelope, profile: namedProfile(reading.envelope.config) };
}

/**
 * `--base URL` without its fragment, refused (exit 2, nothing printed) when it is not a URL or carries what looks like
 * a key — in its text, or as a random-looking value of a query parameter named like one (`?api_key=…`): a share link
 * must never carry a key, wherever it was pasted.
 */
function checkedBase(base: string | true | undefined): string {
  if (base === undefined) return '';
  if (base === true) throw new UsageError('--base needs a URL, e.g. --base https://lab.example/');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new UsageError('--base needs an absolute URL, e.g. https://lab.example/');
  }
  const parameters = [...url.searchParams].map(([name, value]) => [`--base ?${name}`, value] as const);
  const [secret] = secretIssues({ '--base': base, ...Object.fromEntries(parameters) }, 'link');
  if (secret !== undefined) throw new UsageError(secret);
  return printableLine(base.replace(/#.*$/s, ''));
}

/**
 * `compaction-lab config defaults|validate|link`: print a profile's default envelope, validate a file the app
 * exported (or a bare config document), or print the `#config=…` fragment a share link carries.
 */
export async function configCommand(line: CommandLine): Promise<ConfigCommandOutput> {
  const subcommand = line.operands[0];
  if (subcommand === 'defaults') return defaults(line);
  if (subcommand === 'code') return runConfigCodeCommand(line);
  if (subcommand === 'validate') {
    const checked = await check(line, 'validate');
    if ('output' in checked) return checked.output;
    const ab = checked.envelope.ab ? ` (A/B: ${namedProfile(checked.envelope.ab.a)} vs ${namedProfile(checked.envelope.ab.b)})` : '';
    return { stdout: `valid: ${checked.profile}${ab}`, exitCode: 0 };
  }
  if (subcommand === 'link') {
    const base = checkedBase(line.options.get('base'));
    const checked = await check(line, 'link');
    if ('output' in checked) return checked.output;
    const built = encodeShareFragment(checked.envelope, deflateCompressor);
    if (!('fragment' in built)) return { stderr: printableLine(`${line.operands[1]}: ${built.message}`), exitCode: 1 };
    return { stdout: `${base}${built.fragment}`, exitCode: 0, isCheckedLink: true };
  }
  throw new UsageError(`config needs a subcommand: defaults, validate, link or code (got ${subcommand === undefined ? 'none' : quoted(subcommand, 40)})`);
}
