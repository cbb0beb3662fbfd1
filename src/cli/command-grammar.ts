import { optionKinds, UsageError, type CommandLine } from './arguments';
import { quoted } from './terminal-text';

/** What one command accepts: how many operands (after a `config` subcommand), what they are, and which options. */
interface Grammar {
  operands: number;
  operandNames: string;
  options: readonly string[];
  /** The one option it takes more than once besides `--set`: `eval`'s `--config`, one per policy. */
  repeatsConfig?: true;
}

const providerOptions = ['smol', 'main', 'key-env'];
const runOptions = ['json', 'run', 'encoding', 'run-anyway', 'allow-callbacks', 'callback-budget', ...providerOptions];

/** The commands and `config` subcommands. `help` is accepted everywhere. */
const grammars: Readonly<Record<string, Grammar>> = {
  help: { operands: 0, operandNames: 'nothing', options: [] },
  stats: { operands: 1, operandNames: 'one transcript file', options: ['json', 'encoding', 'run', 'prices'] },
  compact: { operands: 1, operandNames: 'one transcript file', options: [...runOptions, 'config', 'profile', 'window', 'set', 'out', 'probe', 'probe-per-kind', 'from'] },
  ab: { operands: 1, operandNames: 'one transcript file', options: [...runOptions, 'a', 'b', 'repeat'] },
  replay: { operands: 1, operandNames: 'one transcript file', options: [...runOptions, 'config', 'profile', 'window', 'set', 'prices'] },
  // Operands: any number of files and directories (the command refuses none).
  eval: { operands: Number.POSITIVE_INFINITY, operandNames: 'files and directories', options: ['config', 'json', 'jsonl', 'jobs', 'encoding', 'run-anyway', 'allow-callbacks', 'callback-budget', 'prices', 'mode', 'assert'], repeatsConfig: true },
  versus: { operands: 1, operandNames: 'one transcript file', options: [...runOptions, 'config', 'profile', 'window', 'set', 'boundary', 'size-like-agent'] },
  'config defaults': { operands: 0, operandNames: 'no file', options: ['profile'] },
  'config validate': { operands: 1, operandNames: 'one config file', options: [] },
  'config link': { operands: 1, operandNames: 'one config file', options: ['base'] },
  'config code': { operands: 1, operandNames: 'one config file', options: ['lang', 'all', 'variant'] },
};

/** Edits (insert, delete, substitute) from one word to another: `--jsn` is one from `--json`. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row++) {
    const current = [row];
    for (let column = 1; column <= to.length; column++) {
      current[column] = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (from[row - 1] === to[column - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[to.length];
}

/** The option meant by a mistyped one, among those the command takes: a near spelling, or the one a short `-j` starts. */
function suggestion(typed: string, options: readonly string[]): string | undefined {
  if (!typed.startsWith('--')) {
    const starting = options.filter((option) => option.startsWith(typed.slice(1, 2)));
    return starting.length === 1 ? starting[0] : undefined;
  }
  const name = typed.slice(2);
  const near = options.map((option) => ({ option, distance: editDistance(name, option) })).filter(({ distance }) => distance <= Math.max(1, Math.floor(name.length / 3)));
  near.sort((first, second) => first.distance - second.distance);
  return near[0]?.option;
}

/** The grammar a command line is held to, or undefined for an unknown command or subcommand (its command says so). */
function grammarOf(line: CommandLine): { name: string; grammar: Grammar; operands: string[] } | undefined {
  if (line.command === undefined) return { name: 'compaction-lab', grammar: grammars.help, operands: [] };
  if (line.command === 'config') {
    const name = `config ${line.operands[0]}`;
    return Object.hasOwn(grammars, name) ? { name, grammar: grammars[name], operands: line.operands.slice(1) } : undefined;
  }
  return Object.hasOwn(grammars, line.command) ? { name: line.command, grammar: grammars[line.command], operands: line.operands } : undefined;
}

/**
 * Holds a parsed line to its command's grammar before anything is read: an unknown option (with the command's own
 * nearest one suggested), an option the command does not take, or an operand too many is a usage error (exit 2).
 */
export function checkCommandLine(line: CommandLine): void {
  const found = grammarOf(line);
  const options = found?.grammar.options ?? Object.keys(optionKinds);
  const [unknown] = line.unknown;
  if (unknown !== undefined) {
    const near = suggestion(unknown, options);
    throw new UsageError(`unknown option ${quoted(unknown, 40)}${near ? `; did you mean --${near}?` : ''} (see compaction-lab --help)`);
  }
  if (!found) return;
  const { name, grammar, operands } = found;
  for (const option of line.options.keys()) {
    if (option !== 'help' && !grammar.options.includes(option)) throw new UsageError(`${name} does not take --${option}${grammar.options.length > 0 ? ` (it takes ${grammar.options.map((taken) => `--${taken}`).join(', ')})` : ''}`);
  }
  if (line.sets.length > 0 && !grammar.options.includes('set')) throw new UsageError(`${name} does not take --set`);
  if (line.configs.length > 1 && !grammar.repeatsConfig) throw new UsageError('--config is given twice; give it once');
  if (line.asserts.length > 1 && !grammar.repeatsConfig) throw new UsageError('--assert is given twice; give it once');
  if (operands.length > grammar.operands) {
    throw new UsageError(`${name} takes ${grammar.operandNames}, but was also given ${quoted(operands[grammar.operands], 40)}${operands.length > grammar.operands + 1 ? ` and ${operands.length - grammar.operands - 1} more` : ''}`);
  }
}
