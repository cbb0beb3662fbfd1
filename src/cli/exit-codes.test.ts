import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cliWithEnvironment } from './cli.test-support';

// Issue 14, items 3, 11, 12 and 13: every way a command line can go wrong, through the real binary. Each row states
// the exit code (0 done, 1 ran and failed, 2 nothing ran), what stdout holds, and what stderr's lines must name.

const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-exit-'));
const transcript = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';
const environment = { ...process.env, EXIT_TEST_KEY: key };

function file(name: string, content: unknown): string {
  const target = path.join(folder, name);
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

const custom = (name: string, source: string): string => file(name, { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: source });

const callbacks = custom('callbacks.json', 'messages => ({ summary: `custom summary of ${messages.length} messages` })');
const loops = custom('loops.json', 'messages => { while (true) {} }');
const awaitsForever = custom('awaits.json', 'messages => new Promise(() => {})');
const loopsAfterAwait = custom('loops-after-await.json', 'async messages => { await null; while (true) {} }');
const compressLoops = file('compress-loops.json', { profile: 'two-tier', tokenThreshold: 1000, toolOutputMaxChars: 200, compressCallback: 'request => { for (;;) {} }' });
const longOutputs = path.join(fixturesDirectory, 'claude-code__fa812bfe__subagents__agent-aa84377.jsonl');
const keyAsName = file('key-as-name.json', { profile: 'auto-compactor', [key]: 1 });
// A key with no known prefix, and one whose known shape a cut would break (its digits are at the end).
const bareKey = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY';
const tailDigitKey = 'sk-proj-AAAAbbbbCCCCddddEEEEffffGGGGhhhh1234';
const keyEnvConfig = file('key-env.json', { profile: 'auto-compactor', providers: { main: { provider: 'openai', model: 'gpt-4o', apiKeyEnv: bareKey } } });
let deepUnderKey = '1';
for (let level = 0; level < 70; level++) deepUnderKey = `{"a":${deepUnderKey}}`;
const deepKeyConfig = file('deep-key.json', `{${JSON.stringify(tailDigitKey)}:${deepUnderKey}}`);
const transcriptLines = readFileSync(transcript, 'utf8').split('\n').filter((line) => line.trim() !== '');
const oddRecord = file('odd-record.jsonl', [...transcriptLines.slice(0, 3), '{"type":"mystery","uuid":"odd"}', ...transcriptLines.slice(3)].join('\n'));
const reusedIds = path.join(fixturesDirectory, 'swe-agent-fc__marshmallow-code__marshmallow-1867.traj');
const plain = file('plain.json', { profile: 'auto-compactor' });
const array = file('array.json', []);
const number = file('number.json', 42);
const nothing = file('null.json', null);
const controlName = file('control.json', { profile: 'auto-compactor', 'x\u001b[2Jy': 1 });
let deep = '1';
for (let level = 0; level < 100_000; level++) deep = `{"a":${deep}}`;
const deepConfig = file('deep.json', deep);
const directory = path.join(folder, 'a-directory');
mkdirSync(directory);
const fifo = path.join(folder, 'a-fifo');
execFileSync('mkfifo', [fifo]);

interface Row {
  name: string;
  args: string[];
  code: 0 | 1 | 2;
  /** `empty`: nothing on stdout; `json`: one JSON document; `text`: a report. */
  stdout: 'empty' | 'json' | 'text';
  /** What stderr must hold, line by line (one line unless said otherwise); empty when the command did what was asked. */
  stderr: RegExp[];
  /** What stdout's JSON must match. */
  json?: Record<string, unknown>;
  /**
   * The row's command would never end if the guard it tests failed (a callback that loops, a read of a pipe nobody
   * writes or of an endless device): it must end by itself, with its own exit code, not by the suite's kill. How long
   * it takes is `npm run bench -- cli`'s to print, not this suite's to judge.
   */
  endsByItself?: true;
  /** What stdout must hold, beyond its kind. */
  stdoutHolds?: RegExp;
  /** A secret of the row's own that nothing printed may carry (its masked preview shows at most its first 6 characters). */
  hides?: string;
}

const rows: Row[] = [
  { name: 'done: stats of a real transcript', args: ['stats', transcript, '--json'], code: 0, stdout: 'json', stderr: [] },
  // L3: warnings keep where they are: the table prefixes them, --json adds a parallel list of locations.
  { name: 'done: stats warnings after their line', args: ['stats', oddRecord], code: 0, stdout: 'text', stdoutHolds: /^warning: line 4: 1 line\(s\) of unknown type "mystery" skipped/m, stderr: [] },
  { name: 'done: stats warnings after their JSON path', args: ['stats', reusedIds], code: 0, stdout: 'text', stdoutHolds: /^warning: history: tool-call id call_5iDdbOYybq7L19vqXmR0DPaU is reused/m, stderr: [] },
  {
    name: 'done: stats --json warnings stay messages, with their locations alongside',
    args: ['stats', oddRecord, '--json'],
    code: 0,
    stdout: 'json',
    json: { warnings: [expect.stringMatching(/^1 line\(s\) of unknown type "mystery"/)], warningLocations: [{ line: 4 }], errors: [], errorLocations: [] },
    stderr: [],
  },
  { name: 'done: a config link without a key', args: ['config', 'link', plain, '--base', 'https://lab.example/'], code: 0, stdout: 'text', stderr: [] },
  // 11: a run that did not succeed, or was refused, exits 1 and still reports.
  { name: 'refused run: callbacks without --allow-callbacks', args: ['compact', transcript, '--config', callbacks, '--json'], code: 1, stdout: 'json', json: { success: false, error: { code: 'callbacks-need-consent' } }, stderr: [/callbacks\.json: .*\(customCompactor\).*pass --allow-callbacks/] },
  { name: 'failed run: forced settings that cannot succeed', args: ['compact', transcript, '--profile', 'auto-compactor', '--window', '3000', '--run-anyway', '--json'], code: 1, stdout: 'json', json: { success: false, error: { code: 'max-passes' } }, stderr: [/claude-code__tool_heavy\.jsonl: the run did not succeed \(max-passes\)/] },
  // 13: a hung callback fails its pass with a timeout instead of holding the command.
  { name: 'failed run: a callback that never yields', args: ['compact', transcript, '--config', loops, '--allow-callbacks', '--callback-budget', '0.5', '--json'], code: 1, stdout: 'json', json: { success: false, error: { code: 'callback-failed' } }, stderr: [/\(callback-failed\): custom_compactor failed: timed out: the callback did not finish within its 0\.5 s budget$/], endsByItself: true },
  { name: 'failed run: a callback that loops after its first await (its thread is stopped)', args: ['compact', transcript, '--config', loopsAfterAwait, '--allow-callbacks', '--callback-budget', '0.5', '--json'], code: 1, stdout: 'json', json: { success: false, error: { code: 'callback-failed' } }, stderr: [/\(callback-failed\): custom_compactor failed: timed out: the callback did not finish within its 0\.5 s budget$/], endsByItself: true },
  { name: 'failed run: a callback that awaits forever', args: ['compact', transcript, '--config', awaitsForever, '--allow-callbacks', '--callback-budget', '0.5', '--json'], code: 1, stdout: 'json', json: { success: false, error: { code: 'callback-failed' } }, stderr: [/custom_compactor failed: timed out/], endsByItself: true },
  // Issue 25 item 8: the budget bounds the whole run or replay, not each call.
  { name: 'failed run: a looping compress callback falls back, and the spent budget fails the command', args: ['compact', longOutputs, '--config', compressLoops, '--allow-callbacks', '--callback-budget', '0.5', '--json'], code: 1, stdout: 'json', json: { success: true, outcome: expect.stringMatching(/^fell back: compressCallback did not finish within the callbacks' 0\.5 s budget/) }, stderr: [/agent-aa84377\.jsonl: the run fell back without its callbacks: compressCallback did not finish within the callbacks' 0\.5 s budget \(--callback-budget\), so no further callback runs$/], endsByItself: true },
  { name: 'failed replay: a callback that never yields stops the replay at its first compaction', args: ['replay', transcript, '--config', loops, '--allow-callbacks', '--callback-budget', '0.5', '--json'], code: 1, stdout: 'json', json: { totals: { compactions: 1, failedCompactions: 1 } }, stderr: [/tool_heavy\.jsonl: the replay stopped at message \d+: customCompactor did not finish within the callbacks' 0\.5 s budget \(--callback-budget\), so no further callback runs$/], endsByItself: true },
  // 11: usage errors exit 2, print nothing on stdout, and say what to do.
  { name: 'usage: an unknown option', args: ['stats', transcript, '--bogus'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: unknown option "--bogus" \(see compaction-lab --help\)$/] },
  { name: 'usage: a mistyped option', args: ['stats', transcript, '--jsn'], code: 2, stdout: 'empty', stderr: [/unknown option "--jsn"; did you mean --json\?/] },
  { name: 'usage: a short option', args: ['stats', transcript, '-j'], code: 2, stdout: 'empty', stderr: [/unknown option "-j"; did you mean --json\?/] },
  { name: 'usage: an option the command does not take', args: ['stats', transcript, '--profile', 'two-tier'], code: 2, stdout: 'empty', stderr: [/stats does not take --profile \(it takes --json, --encoding, --run, --prices\)/] },
  { name: 'usage: an option without its value', args: ['compact', transcript, '--profile'], code: 2, stdout: 'empty', stderr: [/--profile needs a value, e.g\. --profile two-tier$/] },
  { name: 'usage: an extra operand', args: ['stats', transcript, 'extra.jsonl'], code: 2, stdout: 'empty', stderr: [/stats takes one transcript file, but was also given "extra\.jsonl"$/] },
  { name: 'usage: a negative --window', args: ['compact', transcript, '--window', '-5'], code: 2, stdout: 'empty', stderr: [/--window needs a positive whole number of tokens, not "-5"$/] },
  { name: 'usage: a zero --window, even with --run-anyway', args: ['compact', transcript, '--window', '0', '--run-anyway'], code: 2, stdout: 'empty', stderr: [/--window needs a positive whole number of tokens, not "0"$/] },
  { name: 'usage: a negative window by --set, even with --run-anyway', args: ['compact', transcript, '--set', 'window=-1', '--run-anyway'], code: 2, stdout: 'empty', stderr: [/--set window: -1 is not a window; a window is a positive whole number of tokens$/] },
  { name: 'usage: a zero --callback-budget', args: ['compact', transcript, '--allow-callbacks', '--callback-budget', '0'], code: 2, stdout: 'empty', stderr: [/--callback-budget needs a positive number of seconds, not "0"$/] },
  { name: 'usage: a --callback-budget past what a timer can wait', args: ['compact', transcript, '--allow-callbacks', '--callback-budget', '3000000'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: --callback-budget takes at most 2147483 seconds \(about 24 days\), not "3000000"$/] },
  { name: 'usage: a --callback-budget without --allow-callbacks', args: ['compact', transcript, '--callback-budget', '5'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: --callback-budget needs --allow-callbacks: without it no callback runs$/] },
  { name: 'usage: a hexadecimal --window', args: ['compact', transcript, '--window', '0x10'], code: 2, stdout: 'empty', stderr: [/--window needs a positive whole number of tokens, not "0x10"$/] },
  { name: 'usage: an exponent --window', args: ['compact', transcript, '--window', '1e3'], code: 2, stdout: 'empty', stderr: [/--window needs a positive whole number of tokens, not "1e3"$/] },
  { name: 'usage: a --window too large for a whole number', args: ['compact', transcript, '--window', '99999999999999999999'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: --window: "99999999999999999999" is too large; a window is at most 9007199254740991 tokens$/] },
  { name: 'usage: an exponent --run', args: ['stats', transcript, '--run', '1e0'], code: 2, stdout: 'empty', stderr: [/--run must be a number from 1 to 1$/] },
  { name: 'usage: a key with no known shape pasted into --key-env', args: ['compact', transcript, '--main', 'openai-compatible:m@https://api.mistral.ai/v1', '--key-env', bareKey], code: 2, stdout: 'empty', stderr: [/^compaction-lab: --key-env was given what looks like a key, not a variable name; pass the NAME/], hides: bareKey },
  { name: 'usage: a --key-env naming a variable that is not set (the name is said)', args: ['compact', transcript, '--main', 'openai-compatible:m@http://127.0.0.1:9/v1', '--key-env', 'COMPACTION_LAB_UNSET_KEY'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: environment variable COMPACTION_LAB_UNSET_KEY is not set \(it should hold the openai-compatible API key\)$/] },
  { name: 'input: a config whose apiKeyEnv holds a key (the file named, the key not)', args: ['compact', transcript, '--config', keyEnvConfig], code: 2, stdout: 'empty', stderr: [/^compaction-lab: .*key-env\.json: invalid config: providers\.main\.apiKeyEnv: looks like a key, not a variable name/], hides: bareKey },
  { name: 'usage: a key given as --main (masked before it is cut)', args: ['compact', transcript, '--main', `${tailDigitKey}:gpt`], code: 2, stdout: 'empty', stderr: [/--main: unknown provider "sk-pro… \(44 characters\)"; use one of/], hides: tailDigitKey },
  { name: 'usage: a key given as the config subcommand', args: ['config', tailDigitKey], code: 2, stdout: 'empty', stderr: [/config needs a subcommand: .*\(got "sk-pro… \(44 characters\)"\)$/], hides: tailDigitKey },
  { name: 'usage: a key given as --probe', args: ['compact', transcript, `--probe=${tailDigitKey}`], code: 2, stdout: 'empty', stderr: [/--probe takes model or facts, not "sk-pro… \(44 characters\)"$/], hides: tailDigitKey },
  { name: 'input: a too-deep config under a key-named property', args: ['compact', transcript, '--config', deepKeyConfig], code: 2, stdout: 'empty', stderr: [/deep-key\.json: sk-pro… \(44 characters\)\.a\.a.*nested more than 64 levels deep/], hides: tailDigitKey },
  { name: 'usage: a key pasted into --key-env', args: ['compact', transcript, '--main', 'openai:gpt-4o', '--key-env', key], code: 2, stdout: 'empty', stderr: [/--key-env was given what looks like a key, not a variable name; pass the NAME of the environment variable/] },
  { name: 'usage: an unknown command', args: ['compress', transcript], code: 2, stdout: 'empty', stderr: [/unknown command "compress"/] },
  // 12: input that cannot be used is named with the file (and the field) and what is wrong with it.
  { name: 'input: a config that is an array', args: ['compact', transcript, '--config', array], code: 2, stdout: 'empty', stderr: [/array\.json: a config is a JSON object \(\{"profile": …\}\), not an array$/] },
  { name: 'input: a config that is a number', args: ['compact', transcript, '--config', number], code: 2, stdout: 'empty', stderr: [/number\.json: a config is a JSON object .*, not a number$/] },
  { name: 'input: a config that is null', args: ['compact', transcript, '--config', nothing], code: 2, stdout: 'empty', stderr: [/null\.json: a config is a JSON object .*, not null$/] },
  { name: 'input: a config nested 100,000 deep', args: ['compact', transcript, '--config', deepConfig], code: 2, stdout: 'empty', stderr: [/deep\.json: a\.a\.a.*….*\.a\.a: nested more than 64 levels deep; a config is never that deep$/] },
  { name: 'input: an A/B variant nested 100,000 deep', args: ['ab', '--a', deepConfig, '--b', plain, transcript], code: 2, stdout: 'empty', stderr: [/deep\.json: a\.a.*: nested more than 64 levels deep/] },
  { name: 'input: stats of a directory', args: ['stats', directory], code: 2, stdout: 'empty', stderr: [/a-directory: is a directory, not a file$/] },
  { name: 'input: stats of a named pipe nobody writes', args: ['stats', fifo], code: 2, stdout: 'empty', stderr: [/a-fifo: is a named pipe \(FIFO\), not a regular file/], endsByItself: true },
  { name: 'input: stats of /dev/zero', args: ['stats', '/dev/zero'], code: 2, stdout: 'empty', stderr: [/^compaction-lab: \/dev\/zero: is a device, not a regular file$/], endsByItself: true },
  { name: 'input: --out to a named pipe nobody reads', args: ['compact', transcript, '--out', fifo], code: 2, stdout: 'empty', stderr: [/--out .*a-fifo: is a named pipe that nobody reads/], endsByItself: true },
  { name: 'input: a missing file', args: ['stats', path.join(folder, 'missing.jsonl')], code: 2, stdout: 'empty', stderr: [/missing\.jsonl: no such file$/] },
  // 3: no key is ever echoed — not as a property name, not in a --base.
  {
    name: 'check: validate a config whose property name is a key',
    args: ['config', 'validate', keyAsName],
    code: 1,
    stdout: 'empty',
    stderr: [/key-as-name\.json: sk-pro… \(60 characters\): looks like a secret — OpenAI API key/, /key-as-name\.json: sk-pro… \(60 characters\): not a parameter/],
  },
  { name: 'check: link a config whose property name is a key', args: ['config', 'link', keyAsName], code: 1, stdout: 'empty', stderr: [/key-as-name\.json: sk-pro… \(60 characters\): looks like a secret/, /key-as-name\.json: sk-pro… \(60 characters\): not a parameter/] },
  { name: 'usage: a --base carrying a key', args: ['config', 'link', plain, '--base', `https://lab.example/?k=${key}`], code: 2, stdout: 'empty', stderr: [/--base: looks like a secret — OpenAI API key, sk-pro… \(60 characters\); remove it .*never in a link\)$/] },
  { name: 'usage: a --base carrying a key as a query value', args: ['config', 'link', plain, '--base', 'https://lab.example/?api_key=Zq8uR2mN5vX1kT7wB4yL9cP3'], code: 2, stdout: 'empty', stderr: [/--base \?api_key: looks like a secret — high-entropy value under "--base \?api_key", Zq8uR2… \(24 characters\)/] },
  // 12: control bytes from a file are escaped, never printed raw.
  { name: 'check: a property name with an escape sequence', args: ['config', 'validate', controlName], code: 1, stdout: 'empty', stderr: [/control\.json: x\\u001b\[2Jy: not a parameter/] },
  { name: 'check: a config that is null', args: ['config', 'validate', nothing], code: 1, stdout: 'empty', stderr: [/null\.json: /] },
];

describe('compaction-lab exit codes and messages (issue 14)', () => {
  for (const row of rows) {
    it(`${row.name}: exit ${row.code}`, async () => {
      const result = await cliWithEnvironment(environment, ...row.args);
      // Every row ends by itself; for an endsByItself row that is what the row tests.
      expect(result.signal, row.endsByItself ? 'the command was killed: it would never have ended' : result.stderr).toBeNull();
      expect(result.code, result.stderr).toBe(row.code);
      if (row.stdout === 'empty') expect(result.stdout).toBe('');
      if (row.stdout === 'json') expect(() => JSON.parse(result.stdout)).not.toThrow();
      if (row.stdout === 'text') expect(result.stdout.trim()).not.toBe('');
      if (row.json) expect(JSON.parse(result.stdout)).toMatchObject(row.json);
      if (row.stdoutHolds) expect(result.stdout).toMatch(row.stdoutHolds);
      const lines = result.stderr === '' ? [] : result.stderr.replace(/\n$/, '').split('\n');
      expect(lines).toHaveLength(row.stderr.length);
      lines.forEach((line, index) => {
        expect(line).toMatch(/^compaction-lab: /);
        expect(line).toMatch(row.stderr[index]);
      });
      const printed = result.stdout + result.stderr;
      expect(printed).not.toContain(key.slice(6, 20));
      if (row.hides) for (const part of [row.hides.slice(6, 14), row.hides.slice(-8)]) expect(printed).not.toContain(part);
      // eslint-disable-next-line no-control-regex -- no raw control byte but newline may reach the terminal
      expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    });
  }
});
