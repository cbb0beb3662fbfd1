import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { abCommand } from './ab-command';
import { parseArguments } from './arguments';
import { statsCommand } from './stats-command';

const run = promisify(execFile);
const bin = path.join(import.meta.dirname, 'bin.mjs');
const transcript = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const pinnedLine = 'Never push to main without review.';

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args]);
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

/** Runs `ab` in-process (the tsx start-up of a child process costs seconds per call). */
const ab = async (...args: string[]): Promise<string> => (await abCommand(parseArguments(['ab', ...args]))).stdout ?? '';
const abJson = async (...args: string[]) => JSON.parse(await ab(...args, '--json'));

/** Writes JSON files into a fresh directory and returns their paths. */
function files(documents: Record<string, unknown>): Record<string, string> {
  const directory = mkdtempSync(path.join(tmpdir(), 'compaction-lab-ab-'));
  return Object.fromEntries(Object.entries(documents).map(([name, document]) => {
    const file = path.join(directory, `${name}.json`);
    writeFileSync(file, JSON.stringify(document));
    return [name, file];
  }));
}

// A heading in the extra focus becomes a section of the (offline or mock) summary, so the prompt's effect is visible.
const focused = (focus: string, extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1, profile: 'auto-compactor', force: true, keepRecentTokens: 300, prompts: { customInstructions: `the work.\n## ${focus}` }, ...extra,
});

describe('compaction-lab ab', () => {
  it('runs two prompt variants on the same transcript and prints metric | A | B | Δ and the summaries\' diff', async () => {
    const configs = files({ a: focused('Focus A', { operativeSkills: [{ name: 'deploy', operative: [pinnedLine] }] }), b: focused('Focus B', { keepRecentTokens: 3000 }) });
    const result = await cli('ab', '--a', configs.a, '--b', configs.b, transcript);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^metric\s+A \(baseline\)\s+B\s+Δ \(B − A\)$/m);
    expect(result.stdout).toMatch(/^context tokens before\s+([\d,]+)\s+\1\s+0$/m);
    expect(result.stdout).toMatch(/^pinned lines kept\s+1 of 1\s+0 of 0\s+−1$/m);
    expect(result.stdout).toMatch(/^context tokens after pass 1\s+[\d,]+\s+[\d,]+\s+\+[\d,]+$/m);
    expect(result.stdout).toContain('- ## Focus A');
    expect(result.stdout).toContain('+ ## Focus B');
    expect(result.stdout).not.toContain('tokens saved: median');
  });

  it('reports the comparison as JSON, with each variant\'s spread over repeats', async () => {
    const configs = files({ a: focused('Focus A'), b: focused('Focus B', { keepRecentTokens: 3000 }) });
    const output = await abJson('--a', configs.a, '--b', configs.b, transcript, '--repeat', '3');
    expect(output).toMatchObject({ repeat: 3, run: 1, baseline: 'a', summariesDiffer: true, a: { source: configs.a, profile: 'auto-compactor', summarizer: 'offline-extractive' } });
    expect(output.a.stats).toMatchObject({ runs: 3, succeeded: 3, passes: 1, summarizerCalls: 1, providerCalls: 0, tokensSaved: { count: 3, stdev: 0 } });
    expect(output.a.stats.summary).toContain('## Focus A');
    expect(output.b.stats.summary).toContain('## Focus B');
    const after = output.rows.find((row: { id: string }) => row.id === 'tokens-after');
    expect(after.differs).toBe(true);
    expect(after.delta).toBe(output.b.stats.tokensAfter - output.a.stats.tokensAfter);
    expect(after.delta).toBeGreaterThan(0);
    expect(output.rows.find((row: { id: string }) => row.id === 'tokens-before')).toMatchObject({ delta: 0, differs: false });
    const table = await ab('--a', configs.a, '--b', configs.b, transcript, '--repeat', '2');
    expect(table).toMatch(/^ {3}tokens saved: median [\d,]+, spread [\d,]+–[\d,]+ \(stdev 0\) over 2 runs$/m);
  });

  it('accepts what the app exports: a share envelope (prompts apart), a {config} wrapper, and one envelope carrying the A/B pair', async () => {
    const envelope = { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { schemaVersion: 1, profile: 'auto-compactor', force: true, keepRecentTokens: 300 }, prompts: { customInstructions: 'x.\n## Focus A' } };
    const pair = { ...envelope, ab: { a: focused('Pair A'), b: focused('Pair B') } };
    const configs = files({ envelope, wrapped: { config: focused('Focus B') }, pair });
    const output = await abJson('--a', configs.envelope, '--b', configs.wrapped, transcript);
    expect(output.a.stats.summary).toContain('## Focus A');
    expect(output.b.stats.summary).toContain('## Focus B');
    const paired = await abJson('--a', configs.pair, transcript);
    expect(paired).toMatchObject({ a: { source: `${configs.pair}#a` }, b: { source: `${configs.pair}#b` } });
    expect(paired.a.stats.summary).toContain('## Pair A');
    expect(paired.b.stats.summary).toContain('## Pair B');
  });

  it('states the token rows\' basis in --encoding, and refuses a variant whose settings cannot succeed unless --run-anyway', async () => {
    const configs = files({ a: focused('Focus A'), tight: { profile: 'auto-compactor', window: 3000 } });
    const table = await ab('--a', configs.a, '--b', configs.a, transcript);
    expect(table).toMatch(/^token rows are context tokens: o200k_base exact \+ 25,797 unstored overhead \(the same in both variants\)$/m);
    const cl100k = await abJson('--a', configs.a, '--b', configs.a, transcript, '--encoding', 'cl100k_base');
    const stats = JSON.parse((await statsCommand(parseArguments(['stats', transcript, '--json', '--encoding', 'cl100k_base']))).stdout ?? '');
    expect(cl100k.context).toEqual({ encoding: 'cl100k_base', unstoredOverhead: stats.unstoredOverhead });
    expect(cl100k.rows.find((row: { id: string }) => row.id === 'tokens-before').a.value).toBe(stats.contextTokens);
    await expect(ab('--a', configs.a, '--b', configs.a, transcript, '--encoding', 'r50k_base')).rejects.toThrow('unknown encoding "r50k_base"');
    const refusal = ab('--a', configs.a, '--b', configs.tight, transcript);
    await expect(refusal).rejects.toThrow(`${configs.tight}: these settings cannot work as set, so nothing ran: [reserveTokens, window] reserveTokens 16,384 ≥ window 3,000`);
    await expect(refusal).rejects.toThrow(/; pass --run-anyway to run them regardless$/);
    const forced = await abJson('--a', configs.a, '--b', configs.tight, transcript, '--run-anyway');
    expect(forced.a.forcedSettings).toBeUndefined();
    expect(forced.b.forcedSettings).toEqual([expect.objectContaining({ fields: ['reserveTokens', 'window'] })]);
    expect(forced.b.stats).toMatchObject({ runs: 1, succeeded: 0, passes: 8 });
  });

  it('refuses bad input in one line that names the file and the field', async () => {
    const configs = files({ good: focused('Focus A'), bad: { profile: 'auto-compactor', keepRecentTokens: 'many' }, foreign: { kind: 'something/else', config: {} }, newer: { kind: 'compaction-lab/config', schemaVersion: 99, createdWith: 'later', config: {} } });
    const invalid = await cli('ab', '--a', configs.good, '--b', configs.bad, transcript);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr.trim().split('\n')).toHaveLength(1);
    expect(invalid.stderr).toContain(`compaction-lab: ${configs.bad}: invalid config: keepRecentTokens:`);
    await expect(ab('--a', configs.good, '--b', configs.foreign, transcript)).rejects.toThrow('kind: expected "compaction-lab/config", found "something/else"');
    await expect(ab('--a', configs.newer, '--b', configs.good, transcript)).rejects.toThrow('written by a newer Compaction Lab');
    await expect(ab('--a', configs.good, transcript)).rejects.toThrow('ab needs --b B.json');
    await expect(ab('--a', configs.good, '--b', configs.good, transcript, '--repeat', '0')).rejects.toThrow('--repeat must be a whole number from 1 to 20');
    await expect(ab('--a', configs.good, '--b', configs.good)).rejects.toThrow('ab needs a transcript');
  });
});

describe('compaction-lab ab with live providers (against the mock provider server)', () => {
  let mock: MockLlm;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
  });
  afterAll(() => mock.close());

  it('runs variants that differ in their model and counts each one\'s provider calls and retries', async () => {
    const provider = (model: string) => ({ main: { provider: 'openai-compatible', model, baseURL: `${mock.url}/v1` } });
    const configs = files({
      a: focused('Focus A', { providers: provider('mock-ok') }),
      b: focused('Focus B', { providers: provider('mock-500x1'), baseBackoffMs: 1 }),
    });
    const output = await abJson('--a', configs.a, '--b', configs.b, transcript);
    expect(output.a).toMatchObject({ summarizer: expect.stringContaining('main=openai-compatible:mock-ok@127.0.0.1'), stats: { providerCalls: 1, summarizerCalls: 1 } });
    expect(output.b).toMatchObject({ summarizer: expect.stringContaining('mock-500x1'), stats: { providerCalls: 2 } });
    expect(output.b.calls.map((call: { status: number }) => call.status)).toEqual([500, 200]);
    expect(output.rows.find((row: { id: string }) => row.id === 'provider-calls')).toMatchObject({ delta: 1, differs: true });
    expect(output.a.stats.summary).toContain('## Focus A');
    expect(output.b.stats.summary).toContain('## Focus B');
    expect(mock.requests.filter((request) => request.method === 'POST').map((request) => request.model)).toEqual(['mock-ok', 'mock-500x1', 'mock-500x1']);
  });
});
