/** A parsed command line: the command, its positional operands and its `--flag [value]` options. */
export interface CommandLine {
  command?: string;
  operands: string[];
  options: Map<string, string | true>;
  /** Every `--set path=value`, in order (repeatable). */
  sets: string[];
  /** Every `--config` file, in order: `eval` takes one per policy; `checkCommandLine` refuses a second elsewhere. */
  configs: string[];
  /** Every `--assert EXPR`, in order: `eval`'s assertions (repeatable). */
  asserts: string[];
  /** Options no command knows, as typed (`--jsn`, `-j`); `checkCommandLine` refuses them, with a suggestion. */
  unknown: string[];
}

/** Marks a UsageError by a registered symbol, the same in every copy of this module. */
const usageErrorMark = Symbol.for('compaction-lab.usage-error');

/** An error the CLI reports as one line and a non-zero exit (2: nothing ran, unless said otherwise). */
export class UsageError extends Error {
  readonly [usageErrorMark] = true;

  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }

  /**
   * Whether `error` is a UsageError from any copy of this module: each built command is a bundle of its own with its
   * own class, so `instanceof` in the entry would miss the command's errors.
   */
  static is(error: unknown): error is UsageError {
    return typeof error === 'object' && error !== null && usageErrorMark in error;
  }
}

/** How an option reads its value: none, the next argument (an example shown when it is missing), or only one of a few words. */
type OptionKind = { takes: 'nothing' } | { takes: 'value'; example: string } | { takes: 'choice'; choices: readonly string[] };

/** Every option of every command. Which command takes which is `command-grammar.ts`'s business. */
export const optionKinds: Readonly<Record<string, OptionKind>> = {
  help: { takes: 'nothing' },
  json: { takes: 'nothing' },
  jsonl: { takes: 'nothing' },
  'allow-callbacks': { takes: 'nothing' },
  all: { takes: 'nothing' },
  'run-anyway': { takes: 'nothing' },
  'size-like-agent': { takes: 'nothing' },
  // `--probe x.jsonl` must leave the transcript an operand: the value is taken only when it is one of these.
  probe: { takes: 'choice', choices: ['model', 'facts'] },
  encoding: { takes: 'value', example: 'o200k_base' },
  run: { takes: 'value', example: '2' },
  config: { takes: 'value', example: 'cfg.json' },
  profile: { takes: 'value', example: 'two-tier' },
  window: { takes: 'value', example: '128000' },
  set: { takes: 'value', example: 'keepLast=8' },
  out: { takes: 'value', example: 'compacted.json' },
  smol: { takes: 'value', example: 'openai:gpt-4o-mini' },
  main: { takes: 'value', example: 'openai:gpt-4o' },
  'key-env': { takes: 'value', example: 'OPENAI_API_KEY' },
  'probe-per-kind': { takes: 'value', example: '2' },
  'callback-budget': { takes: 'value', example: '60' },
  base: { takes: 'value', example: 'https://lab.example/' },
  lang: { takes: 'value', example: 'dart' },
  variant: { takes: 'value', example: 'a' },
  a: { takes: 'value', example: 'A.json' },
  b: { takes: 'value', example: 'B.json' },
  repeat: { takes: 'value', example: '3' },
  boundary: { takes: 'value', example: '1' },
  from: { takes: 'value', example: 'last-held' },
  jobs: { takes: 'value', example: '4' },
  prices: { takes: 'value', example: 'prices.json' },
  mode: { takes: 'value', example: 'compaction' },
  assert: { takes: 'value', example: 'needRetention>=0.8' },
};

/**
 * Parses `command operand… --flag value --bool --key=value [-- operand…]`. An option that needs a value and has none
 * (last on the line, or followed by another option), a value given to an option that takes none, and an option given
 * twice are usage errors; unknown options are collected for `checkCommandLine`, which can suggest the command's own.
 */
export function parseArguments(argv: readonly string[]): CommandLine {
  const words: string[] = [];
  const options = new Map<string, string | true>();
  const sets: string[] = [];
  const configs: string[] = [];
  const asserts: string[] = [];
  const unknown: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--') {
      words.push(...argv.slice(index + 1));
      break;
    }
    if (argument === '-h') {
      options.set('help', true);
      continue;
    }
    if (!argument.startsWith('-') || argument === '-') {
      words.push(argument);
      continue;
    }
    const [name, inlineValue] = argument.startsWith('--') ? argument.slice(2).split(/=(.*)/s, 2) : [argument, undefined];
    const kind = argument.startsWith('--') && Object.hasOwn(optionKinds, name) ? optionKinds[name] : undefined;
    if (!kind) {
      unknown.push(argument.startsWith('--') ? `--${name}` : argument);
      continue;
    }
    if (name !== 'set' && name !== 'config' && name !== 'assert' && options.has(name)) throw new UsageError(`--${name} is given twice; give it once`);
    const next = argv[index + 1] as string | undefined;
    let value: string | true;
    if (kind.takes === 'nothing') {
      if (inlineValue !== undefined) throw new UsageError(`--${name} takes no value`);
      value = true;
    } else if (kind.takes === 'choice') {
      value = inlineValue ?? (next !== undefined && kind.choices.includes(next) ? argv[++index] : true);
    } else if (inlineValue !== undefined) {
      value = inlineValue;
    } else if (next === undefined || (next.startsWith('--') && next.length > 2)) {
      throw new UsageError(`--${name} needs a value, e.g. --${name} ${kind.example}`);
    } else {
      value = argv[++index];
    }
    if (name === 'set') sets.push(value as string);
    else if (!options.has(name)) options.set(name, value);
    if (name === 'config') configs.push(value as string);
    if (name === 'assert') asserts.push(value as string);
  }
  const [command, ...operands] = words;
  return { command, operands, options, sets, configs, asserts, unknown };
}
