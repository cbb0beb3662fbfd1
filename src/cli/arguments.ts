/** A parsed command line: the command, its positional operands and its `--flag [value]` options. */
export interface CommandLine {
  command?: string;
  operands: string[];
  options: Map<string, string | true>;
  /** Every `--set path=value`, in order (the only repeatable option). */
  sets: string[];
}

/** Flags that take no value. */
const BOOLEAN_FLAGS = new Set(['json', 'help', 'allow-callbacks', 'all', 'run-anyway']);

/** Flags whose value is optional: they take the next argument only when it is one of theirs (`--probe x.jsonl` stays an operand). */
const OPTIONAL_VALUES: Record<string, readonly string[]> = { probe: ['model', 'facts'] };

/** Parses `command operand… --flag value --bool --key=value` with no surprises. */
export function parseArguments(argv: readonly string[]): CommandLine {
  const operands: string[] = [];
  const options = new Map<string, string | true>();
  const sets: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument.startsWith('--')) {
      const [name, inlineValue] = argument.slice(2).split(/=(.*)/s, 2);
      if (name === 'set') {
        sets.push(inlineValue ?? argv[++index] ?? '');
        continue;
      }
      if (inlineValue !== undefined) options.set(name, inlineValue);
      else if (BOOLEAN_FLAGS.has(name) || index + 1 >= argv.length || argv[index + 1].startsWith('--')) options.set(name, true);
      else if (Object.hasOwn(OPTIONAL_VALUES, name) && !OPTIONAL_VALUES[name].includes(argv[index + 1])) options.set(name, true);
      else options.set(name, argv[++index]);
    } else if (argument === '-h') {
      options.set('help', true);
    } else {
      operands.push(argument);
    }
  }
  const [command, ...rest] = operands;
  return { command, operands: rest, options, sets };
}

/** An error the CLI reports as one line and a non-zero exit. */
export class UsageError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}
