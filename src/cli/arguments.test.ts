import { describe, expect, it } from 'vitest';
import { parseArguments, UsageError } from './arguments';
import { checkCommandLine } from './command-grammar';

const usageError = (argv: string[]): string => {
  try {
    checkCommandLine(parseArguments(argv));
  } catch (error) {
    if (error instanceof UsageError) return `${error.exitCode}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('the command line parser (issue 14 item 11)', () => {
  it('reads operands, valued and boolean options, repeated --set, and everything after -- as operands', () => {
    const line = parseArguments(['compact', 'a.jsonl', '--profile', 'two-tier', '--json', '--set', 'keepLast=8', '--set=tokenThreshold=9', '--', '--odd-name.jsonl']);
    expect(line).toMatchObject({ command: 'compact', operands: ['a.jsonl', '--odd-name.jsonl'], sets: ['keepLast=8', 'tokenThreshold=9'], unknown: [] });
    expect(Object.fromEntries(line.options)).toEqual({ profile: 'two-tier', json: true });
  });

  it('takes a negative number as a value, so the command can refuse it by name', () => {
    expect(parseArguments(['compact', 'a.jsonl', '--window', '-5']).options.get('window')).toBe('-5');
  });

  it('takes --probe’s value only when it is one of its words', () => {
    expect(parseArguments(['compact', '--probe', 'a.jsonl']).options.get('probe')).toBe(true);
    expect(parseArguments(['compact', '--probe', 'facts', 'a.jsonl']).options.get('probe')).toBe('facts');
  });

  it('refuses an option without its value, a value for a flag, and an option given twice', () => {
    expect(usageError(['compact', 'a.jsonl', '--profile'])).toBe('2: --profile needs a value, e.g. --profile two-tier');
    expect(usageError(['compact', 'a.jsonl', '--config', '--json'])).toBe('2: --config needs a value, e.g. --config cfg.json');
    expect(usageError(['compact', 'a.jsonl', '--set'])).toBe('2: --set needs a value, e.g. --set keepLast=8');
    expect(usageError(['stats', 'a.jsonl', '--json=yes'])).toBe('2: --json takes no value');
    expect(usageError(['compact', 'a.jsonl', '--profile', 'a', '--profile', 'b'])).toBe('2: --profile is given twice; give it once');
  });

  it('refuses unknown options with the command’s nearest one, and options the command does not take', () => {
    expect(usageError(['stats', 'a.jsonl', '--jsn'])).toBe('2: unknown option "--jsn"; did you mean --json? (see compaction-lab --help)');
    expect(usageError(['stats', 'a.jsonl', '-j'])).toBe('2: unknown option "-j"; did you mean --json? (see compaction-lab --help)');
    expect(usageError(['compact', 'a.jsonl', '--windw', '9'])).toBe('2: unknown option "--windw"; did you mean --window? (see compaction-lab --help)');
    expect(usageError(['stats', 'a.jsonl', '--bogus'])).toBe('2: unknown option "--bogus" (see compaction-lab --help)');
    expect(usageError(['config', 'validate', 'c.json', '--base', 'https://x/'])).toBe('2: config validate does not take --base');
    expect(usageError(['stats', 'a.jsonl', '--set', 'a=1'])).toBe('2: stats does not take --set');
  });

  it('refuses operands beyond what the command takes', () => {
    expect(usageError(['stats', 'a.jsonl', 'b.jsonl', 'c.jsonl'])).toBe('2: stats takes one transcript file, but was also given "b.jsonl" and 1 more');
    expect(usageError(['config', 'defaults', 'x'])).toBe('2: config defaults takes no file, but was also given "x"');
    expect(usageError(['config', 'link', 'c.json', '--base', 'https://x/'])).toBe('accepted');
    expect(usageError(['ab', '--a', 'A.json', '--b', 'B.json', 't.jsonl', '--repeat', '2', '--json'])).toBe('accepted');
  });

  it('never echoes a key typed as an option or an operand', () => {
    const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';
    expect(usageError(['stats', 'a.jsonl', `--${key}`])).not.toContain(key.slice(6, 20));
    expect(usageError(['stats', 'a.jsonl', key])).not.toContain(key.slice(6, 20));
  });
});
