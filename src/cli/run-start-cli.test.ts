import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { parseArguments, UsageError } from './arguments';
import { checkCommandLine } from './command-grammar';
import { compactCommand } from './compact-command';
import { statsCommand } from './stats-command';
import type { CompactOutput } from './compact-output';
import { cli } from './cli.test-support';

// The bundled sample: one compact_boundary at message 288 of 358; 140,594 o200k tokens in the file, 37,159 after it.
const sample = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const neverCompacted = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');

const line = (...args: string[]) => {
  const parsed = parseArguments(['compact', ...args]);
  checkCommandLine(parsed);
  return parsed;
};
const compactJson = async (...args: string[]): Promise<CompactOutput> => JSON.parse((await compactCommand(line(...args, '--json'))).stdout ?? '');

describe('stats beside the whole file', () => {
  it('counts the context as the agent last held it, on the same basis, in the JSON and the table', async () => {
    const json = JSON.parse((await statsCommand(parseArguments(['stats', sample, '--json']))).stdout ?? '');
    expect(json).toMatchObject({ contextTokens: 158781, unstoredOverhead: 18187, lastHeld: { tokens: 37159, contextTokens: 55346, messages: 70, compaction: 1 } });
    const table = (await statsCommand(parseArguments(['stats', sample]))).stdout;
    expect(table).toMatch(/^ {2}as the agent last held it\s+55,346 = 37,159 held from its compaction 1's summary on \(70 messages\) \+ 18,187 unstored overhead$/m);
  });

  it('has none when the agent never compacted', async () => {
    const json = JSON.parse((await statsCommand(parseArguments(['stats', neverCompacted, '--json']))).stdout ?? '');
    expect(json.lastHeld).toBeNull();
    expect((await statsCommand(parseArguments(['stats', neverCompacted]))).stdout).not.toContain('as the agent last held it');
  });
});

describe('compact --from', () => {
  it('starts from the whole file by default, and says so', async () => {
    const output = await compactJson(sample, '--profile', 'auto-compactor');
    expect(output.start).toEqual({ from: 'whole-file', messages: 358 });
    expect(output.context).toMatchObject({ before: 140594, unstoredOverhead: 18187 });
  });

  it('starts from the context as the agent last held it, with the whole file’s overhead on the same basis', async () => {
    const output = await compactJson(sample, '--profile', 'auto-compactor', '--from', 'last-held', '--set', 'force=true');
    expect(output.start).toEqual({ from: 'last-held', messages: 70, compaction: 1 });
    expect(output.context).toMatchObject({ encoding: 'o200k_base', before: 37159, unstoredOverhead: 18187 });
    expect(output.passes[0].exact?.before).toBe(37159);
  });

  it('names the starting point in the table', async () => {
    const { stdout } = await compactCommand(line(sample, '--profile', 'unified', '--from=last-held'));
    expect(stdout).toMatch(/^unified: .*; context 55,346 → /m);
    expect(stdout).toMatch(/^started from: the context as the agent last held it — its compaction 1's summary and what followed \(70 messages\)$/m);
    const whole = (await compactCommand(line(sample, '--profile', 'unified'))).stdout;
    expect(whole).not.toMatch(/^started from/m);
  });

  it('refuses a session the agent never compacted, naming the file and why, before anything runs', async () => {
    const refused = compactCommand(line(neverCompacted, '--from', 'last-held'));
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toMatchObject({ exitCode: 2, message: `${neverCompacted}: --from last-held: The agent never compacted this session (no Claude Code compact_boundary, Codex compacted item or OpenHands condensation), so the context it last held is the whole file.` });
  });

  it('takes only its two words, and only on compact', async () => {
    await expect(compactCommand(line(sample, '--from', 'summary'))).rejects.toThrow('--from takes whole-file or last-held, not "summary"');
    expect(() => checkCommandLine(parseArguments(['stats', sample, '--from', 'last-held']))).toThrow(/^stats does not take --from/);
  });

  it('is in --help, and the real binary exits 2 with one line when it cannot start there', async () => {
    const help = (await cli('--help')).stdout;
    expect(help).toContain('[--from whole-file|last-held]');
    expect(help).toMatch(/--from last-held starts from the context as the agent last held it/);
    const refused = await cli('compact', neverCompacted, '--from', 'last-held');
    expect(refused).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^compaction-lab: .*tool_heavy\.jsonl: --from last-held: The agent never compacted this session/) });
  });
});
