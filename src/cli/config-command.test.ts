import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { canonicalJson, decodeShareFragment } from '../engine/config';
import { deflateCompressor } from '../ports/deflate';
import { parseArguments, UsageError } from './arguments';
import { configCommand } from './config-command';

const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-config-'));

/** Runs the command in-process (spawning tsx per case is slow); one case below goes through the real binary. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const output = await configCommand(parseArguments(args));
    return { stdout: output.stdout === undefined ? '' : `${output.stdout}\n`, stderr: output.stderr === undefined ? '' : `${output.stderr}\n`, code: output.exitCode };
  } catch (error) {
    if (error instanceof UsageError) return { stdout: '', stderr: error.message, code: error.exitCode };
    throw error;
  }
}

function file(name: string, content: unknown): string {
  const target = path.join(folder, name);
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

const fakeKey = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';

describe('compaction-lab config', () => {
  it('defaults prints a canonical envelope of the profile that validate accepts and link carries', async () => {
    const defaults = await cli('config', 'defaults', '--profile', 'rolling-summary');
    expect(defaults.code).toBe(0);
    const envelope = JSON.parse(defaults.stdout);
    expect(envelope).toMatchObject({ kind: 'compaction-lab/config', schemaVersion: 1, config: { profile: 'rolling-summary', schemaVersion: 1 } });
    expect(defaults.stdout).toBe(`${canonicalJson(envelope)}\n`);
    const saved = file('defaults.json', defaults.stdout);
    expect(await cli('config', 'validate', saved)).toMatchObject({ code: 0, stdout: 'valid: rolling-summary\n' });
    const link = await cli('config', 'link', saved, '--base', 'http://localhost:4173/');
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(/^http:\/\/localhost:4173\/#config=[A-Za-z0-9_-]+\n$/);
    expect(decodeShareFragment(link.stdout.trim(), deflateCompressor)).toEqual({ value: envelope });
  });

  it('defaults refuses an unknown profile', async () => {
    const result = await cli('config', 'defaults', '--profile', 'nope');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--profile needs one of auto-compactor');
  });

  it('validate and link accept a bare config document too', async () => {
    const bare = file('bare.json', { schemaVersion: 1, profile: 'two-tier', keepLast: 4, summarizePrompt: 'Sum {{formatted_messages}}' });
    expect(await cli('config', 'validate', bare)).toMatchObject({ code: 0, stdout: 'valid: two-tier\n' });
    const link = await cli('config', 'link', bare);
    const decoded = decodeShareFragment(link.stdout.trim(), deflateCompressor);
    expect(decoded).toMatchObject({ value: { kind: 'compaction-lab/config', config: { profile: 'two-tier', keepLast: 4 }, prompts: { summarizePrompt: 'Sum {{formatted_messages}}' } } });
  });

  it('validate lists every issue by path and exits non-zero', async () => {
    const bad = file('bad.json', { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { profile: 'auto-compactor', maxPasses: 0, windw: 5 }, prompts: { nonsense: 'x' } });
    const result = await cli('config', 'validate', bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${bad}: prompts.nonsense: not a prompt slot`);
    const fixed = file('fixable.json', { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'test', config: { profile: 'auto-compactor', maxPasses: 0, windw: 5 } });
    const lines = (await cli('config', 'validate', fixed)).stderr.trim().split('\n');
    expect(lines.map((line) => line.slice(fixed.length + 2).split(':')[0]).sort()).toEqual(['config.maxPasses', 'config.windw']);
  });

  it('validate and link refuse a config holding a key, naming where without printing it', async () => {
    const keyed = file('keyed.json', { schemaVersion: 1, profile: 'auto-compactor', prompts: { customInstructions: `Use ${fakeKey}` } });
    for (const command of ['validate', 'link']) {
      const result = await cli('config', command, keyed);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('prompts.customInstructions: looks like a secret — OpenAI API key');
      expect(result.stderr + result.stdout).not.toContain(fakeKey.slice(8));
    }
  });

  it('never prints a key used as a property name, and link refuses a --base carrying one (issue 14 item 3)', async () => {
    const named = file('named.json', { schemaVersion: 1, profile: 'auto-compactor', prompts: { [fakeKey]: 'x' } });
    for (const command of ['validate', 'link']) {
      const result = await cli('config', command, named);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${named}: prompts.sk-pro… (${fakeKey.length} characters): looks like a secret — OpenAI API key`);
      expect(result.stderr + result.stdout).not.toContain(fakeKey.slice(6, 20));
    }
    const plain = file('plain.json', { profile: 'auto-compactor' });
    for (const base of [`https://lab.example/?k=${fakeKey}`, `https://lab.example/${fakeKey}/`, 'https://lab.example/?token=Zq8uR2mN5vX1kT7wB4yL9cP3']) {
      const result = await cli('config', 'link', plain, '--base', base);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(/^--base( \?token)?: looks like a secret — .*never in a link\)$/);
      expect(result.stderr).not.toContain(fakeKey.slice(6, 20));
    }
    expect(await cli('config', 'link', plain, '--base', 'not a url')).toMatchObject({ code: 2, stderr: '--base needs an absolute URL, e.g. https://lab.example/' });
  });

  it('opens a future version read-only and does not pass it', async () => {
    const future = file('future.json', { kind: 'compaction-lab/config', schemaVersion: 2, createdWith: 'later', config: { profile: 'auto-compactor' } });
    const result = await cli('config', 'validate', future);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('read-only: This shared config has schemaVersion 2');
  });

  it('says where a file is not JSON', async () => {
    const broken = file('broken.json', '{"profile": ');
    const result = await cli('config', 'validate', broken);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${broken}: (root): not JSON`);
  });

  it('link refuses a config too long for a link and offers a file', async () => {
    let state = 11;
    const words = Array.from({ length: 12_000 }, () => String.fromCharCode(97 + ((state = (state * 1103515245 + 12345) % 2147483648) % 26))).join('');
    const long = file('long.json', { profile: 'auto-compactor', prompts: { customInstructions: words } });
    const result = await cli('config', 'link', long);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('download the config as a file and share that instead');
  });

  it('is wired into the binary: output on stdout, issues on stderr, and the exit code', async () => {
    const run = promisify(execFile);
    const bin = path.join(import.meta.dirname, 'bin.mjs');
    const bad = file('wired.json', { profile: 'two-tier', keepLast: -1, maskCallback: `fetch('https://x', {headers: {Authorization: 'Bearer ${fakeKey}'}})` });
    const failure = await run(process.execPath, [bin, 'config', 'validate', bad]).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    const lines = (failure as { stderr: string }).stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringContaining(`${bad}: maskCallback: looks like a secret — OpenAI API key`), expect.stringContaining(`${bad}: keepLast:`)]);
  });
});
