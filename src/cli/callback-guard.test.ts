import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { createJavaScriptCallbackRunner } from '../ports/javascript-callback-runner';
import { runCompaction } from '../lab/run-compaction';
import { UsageError } from './arguments';
import { createCliCallbackRunner, readCallbackBudget, type CliCallbackRunner } from './callback-guard';
import { readTranscriptFile } from './read-transcript';

const opened: CliCallbackRunner[] = [];

/** A CLI runner closed after the test, so no callback thread outlives it. */
function cliRunner(budgetMs: number): CliCallbackRunner {
  const runner = createCliCallbackRunner(budgetMs);
  opened.push(runner);
  return runner;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((runner) => runner.close()));
});

const options = (entries: Record<string, string | true>) => ({ options: new Map(Object.entries(entries)) });

describe('the CLI’s callback budget (issue 14 item 13)', () => {
  it('stops a callback that never yields, and one that awaits forever, with a timeout error', async () => {
    await expect(cliRunner(300).runCustom('messages => { while (true) {} }', [])).rejects.toThrow('timed out: the callback did not finish within its 0.3 s budget');
    await expect(cliRunner(300).runMask('messages => new Promise(() => {})', [])).rejects.toThrow('timed out');
    const runner = cliRunner(5000);
    await expect(runner.runCustom('messages => ({ summary: `kept ${messages.length}` })', [{ role: 'user', content: 'x' }])).resolves.toEqual({ summary: 'kept 1' });
    await expect(runner.runCustom('messages => { throw new Error("mine") }', [])).rejects.toThrow('mine');
    // A callback that throws spends no budget: the next call runs.
    expect(runner.budgetExhausted()).toBeUndefined();
    await expect(runner.runCustom('messages => messages.length', [])).resolves.toBe(0);
  });

  it('stops a callback that loops after its first await (the thread is stopped), and then runs no callback again: the budget is spent', async () => {
    const runner = cliRunner(300);
    await expect(runner.runCustom('async messages => { await null; while (true) {} }', [])).rejects.toThrow('timed out: the callback did not finish within its 0.3 s budget');
    expect(runner.budgetExhausted()).toBe("customCompactor did not finish within the callbacks' 0.3 s budget (--callback-budget), so no further callback runs");
    // Refused without running (a callback that would answer at once), whatever its kind.
    await expect(runner.runCustom('messages => messages.length', [{ role: 'user', content: 'x' }])).rejects.toThrow("not run: the callbacks' 0.3 s budget is spent");
    await expect(runner.runCompress('request => "short"', { tool_name: 't', output: 'o', max_chars: 1 })).rejects.toThrow('not run');
  });

  it('stops a compress callback that loops after a timer, naming its field', async () => {
    const runner = cliRunner(300);
    await expect(runner.runCompress('async request => { await new Promise((wake) => setTimeout(wake, 5)); for (;;) {} }', { tool_name: 't', output: 'o', max_chars: 1 })).rejects.toThrow('timed out');
    expect(runner.budgetExhausted()).toMatch(/^compressCallback did not finish/);
  });

  it('holds every call of a run to one budget together: two calls of 200 ms cannot both finish within 300 ms', async () => {
    const runner = cliRunner(300);
    const slow = 'async messages => { await new Promise((wake) => setTimeout(wake, 200)); return messages.length; }';
    const outcomes = await Promise.allSettled([runner.runMask(slow, []), runner.runMask(slow, [])]);
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(runner.budgetExhausted()).toMatch(/^maskCallback did not finish within the callbacks' 0\.3 s budget/);
  });

  it('fails the pass of a run whose custom compactor hangs, naming the callback and the budget', async () => {
    const imported = await readTranscriptFile(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'));
    const config = { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'async messages => { await null; for (;;) {} }' };
    const result = await runCompaction(imported.transcripts[0], { config, allowCallbacks: true }, () => {}, { callbacks: cliRunner(300) });
    expect(result).toMatchObject({ success: false, error: { code: 'callback-failed', message: 'custom_compactor failed: timed out: the callback did not finish within its 0.3 s budget' } });
  });

  it('reads --callback-budget as positive decimal seconds, at most what a timer can wait, and only with --allow-callbacks', () => {
    expect(readCallbackBudget(options({}))).toBe(60_000);
    expect(readCallbackBudget(options({ 'allow-callbacks': true, 'callback-budget': '2.5' }))).toBe(2500);
    expect(readCallbackBudget(options({ 'allow-callbacks': true, 'callback-budget': '2147483' }))).toBe(2_147_483_000);
    for (const bad of ['0', '-1', 'soon', '0x10', '1e3', 'Infinity', '3000000', true] as const) {
      expect(() => readCallbackBudget(options({ 'allow-callbacks': true, 'callback-budget': bad })), String(bad)).toThrow(UsageError);
    }
    expect(() => readCallbackBudget(options({ 'callback-budget': '5' }))).toThrow('--callback-budget needs --allow-callbacks');
  });
});

/** Callbacks whose results only survive a thread boundary when reduced to what the profile reads of them. */
const customSources = [
  'messages => ({ summary: "s", extra: () => 1, gone: undefined })',
  'messages => [1, () => 2, undefined, Symbol("x"), NaN, -0, 2 ** 64, 10n, 2n ** 70n, 2n ** 1100n, -(2n ** 1100n)]',
  'messages => ({ toJSON: () => ({ text: "from toJSON" }) })',
  'messages => ({ b: new String("boxed"), a: new Number(2), c: new Boolean(false), d: new Date(0) })',
  'messages => { const cycle = { summary: "s" }; cycle.self = cycle; return cycle; }',
  'messages => ({ toJSON() { throw new Error("no JSON for you"); } })',
  'messages => ({ toJSON() { throw "a bare string"; } })',
  'messages => Object.fromEntries([["__proto__", 1], ["é", 2], ["z", 3], ["10", 4], ["9", 5]])',
  'messages => { class Kept { constructor() { this.text = "own"; } toJSON() { return "proto toJSON"; } } return new Kept(); }',
  'messages => new Map([["a", 1]])',
  'messages => undefined',
  'messages => () => "a function"',
  'async messages => ({ summary: `async ${messages.length}` })',
];

const maskSources = [
  'messages => messages.map((message, index) => [`kept ${index}`, () => index, new String("boxed"), undefined, index][index % 5])',
  'messages => { const list = messages.map((message, index) => `kept ${index}`); delete list[1]; list.length += 2; return list; }',
  'messages => "not a list"',
  'messages => { const list = messages.map(() => "kept"); list.push(list); return list; }',
];

const compressSources = ['request => "short"', 'request => ""', 'request => new String("boxed")', 'request => () => "fn"', 'request => ({ toString: () => "x" })'];

/** A transcript with tool outputs long enough to be masked (over 500 bytes) and microcompacted (over 200 characters). */
const longOutputs = path.join(fixturesDirectory, 'claude-code__fa812bfe__subagents__agent-aa84377.jsonl');

/** How a run with the callback ends: success, the failure's message, and every block of the messages it leaves. */
async function outcome(runner: ReturnType<typeof createJavaScriptCallbackRunner>, kind: 'custom' | 'mask' | 'compress', source: string): Promise<string> {
  const imported = await readTranscriptFile(longOutputs);
  const strategy = kind === 'custom' ? { compactStrategy: 'custom', customCompactor: source } : kind === 'mask' ? { compactStrategy: 'observation-mask', maskCallback: source } : { compressCallback: source, toolOutputMaxChars: 200 };
  const config = { profile: 'two-tier', tokenThreshold: 1000, ...strategy };
  const result = await runCompaction(imported.transcripts[0], { config, allowCallbacks: true }, () => {}, { callbacks: runner });
  return JSON.stringify({ success: result.success, error: result.error?.message, blocks: result.messages.map((message) => message.blocks) });
}

describe('callback results cross the thread as the profile would read them in-process', () => {
  const cases = [...customSources.map((source) => ['custom', source] as const), ...maskSources.map((source) => ['mask', source] as const), ...compressSources.map((source) => ['compress', source] as const)];
  for (const [kind, source] of cases) {
    it(`${kind}: ${source}`, async () => {
      const inProcess = await outcome(createJavaScriptCallbackRunner({ budgetMs: 5000 }), kind, source);
      const inThread = await outcome(cliRunner(5000), kind, source);
      expect(inThread).toBe(inProcess);
    });
  }
});
