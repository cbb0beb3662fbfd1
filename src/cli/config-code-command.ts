import { codeLanguages } from '../engine';
import { renderConfigCode } from '../engine/headless';
import { UsageError, type CommandLine } from './arguments';
import type { CommandOutput } from './command-output';
import { readConfigFile } from './read-config-file';
import { secretIssues } from './secret-issues';
import { printableLine } from './terminal-text';

/**
 * `compaction-lab config code <config.json> --lang dart|ts|harn [--all] [--variant a|b]`: the config as code for a
 * seed's own API, its notes first as `//` comments (every target language comments that way). The file is what the
 * app exports (a share envelope) or a bare config document; `--variant` picks a side of an envelope's A/B pair, and
 * `--all` writes every value instead of only those that differ from the defaults.
 */
export async function runConfigCodeCommand(line: CommandLine): Promise<CommandOutput> {
  const all = line.options.get('all');
  const file = line.operands[1];
  const chosen = line.options.get('lang');
  const language = codeLanguages.find((known) => known === chosen);
  if (!file) throw new UsageError('config code needs a file: compaction-lab config code <config.json> --lang dart|ts|harn');
  if (language === undefined) {
    throw new UsageError(`--lang needs one of ${codeLanguages.join(', ')}`);
  }
  const variant = line.options.get('variant');
  if (variant !== undefined && variant !== 'a' && variant !== 'b') throw new UsageError('--variant needs a or b');
  // Checking the config is part of this command's job, so a file that is not a config is its verdict (exit 1).
  const read = await readConfigFile(file, 1);
  if (variant && !read.ab) throw new UsageError(`${file}: --variant needs an envelope with an A/B pair`);
  const document = variant && read.ab ? read.ab[variant] : read.document;
  // Code spells every prompt out: a key in one would be printed, so it is refused as `config validate` refuses it.
  const secrets = secretIssues(document, 'config');
  if (secrets.length > 0) return { stderr: secrets.map((text) => printableLine(`${file}: ${text}`)).join('\n'), exitCode: 1 };
  const rendered = renderConfigCode(document, language, { emitAll: all !== undefined });
  if ('issues' in rendered) return { stderr: rendered.issues.map((issue) => printableLine(`${file}: ${issue.path}: ${issue.message}`)).join('\n'), exitCode: 1 };
  const notes = rendered.notes.map((note) => `// Note: ${note}`);
  return { stdout: [...notes, ...(notes.length > 0 ? [''] : []), rendered.code.trimEnd()].join('\n'), exitCode: 0 };
}
