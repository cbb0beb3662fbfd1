import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBindings } from '../engine/config/code/code-reader.test-support';
import { shareEnvelopeOf } from '../engine/config';
import { parseArguments, UsageError } from './arguments';
import { runConfigCodeCommand } from './config-code-command';

const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-config-code-'));

function file(name: string, content: unknown): string {
  const target = path.join(folder, name);
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const output = await runConfigCodeCommand(parseArguments(args));
    return { stdout: output.stdout ?? '', stderr: output.stderr ?? '', code: output.exitCode };
  } catch (error) {
    if (error instanceof UsageError) return { stdout: '', stderr: error.message, code: error.exitCode };
    throw error;
  }
}

const tuned = { schemaVersion: 1, profile: 'auto-compactor', window: 200000, reserveTokens: 50000, keepRecentTokens: 80000, triggerRatio: 0.7, prompts: { summary: 'Keep "$paths"\nexactly' } };

describe('compaction-lab config code', () => {
  it('prints Dart for the envelope the app exports, prompts put back, notes as comments', async () => {
    const envelope = file('envelope.json', shareEnvelopeOf(tuned, { createdWith: 'test' }));
    const result = await cli('config', 'code', envelope, '--lang', 'dart');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\/\/ Note: /);
    const read = readBindings(result.stdout, 'dart');
    expect(read.settings).toMatchObject({ reserveTokens: 50000, keepRecentTokens: 80000, triggerRatio: 0.7 });
    expect(read.compactor).toMatchObject({ window: 200000, prompts: { summary: 'Keep "$paths"\nexactly' } });
  });

  it('accepts a bare config document and writes every value with --all', async () => {
    const bare = file('bare.json', { profile: 'rolling-summary', keepVerbatim: 3 });
    const some = await cli('config', 'code', bare, '--lang', 'ts');
    expect(some.stdout).toContain('keepVerbatim: 3,');
    expect(some.stdout).not.toContain('summariseAtTokens');
    const all = await cli('config', 'code', '--all', bare, '--lang', 'ts');
    expect(all.stdout).toContain('summariseAtTokens: 2500,');
  });

  it('renders one side of an A/B pair with --variant', async () => {
    const pair = file('pair.json', shareEnvelopeOf({ profile: 'two-tier' }, { createdWith: 'test', ab: { a: { profile: 'two-tier', keepLast: 4 }, b: { profile: 'two-tier', keepLast: 9 } } }));
    const result = await cli('config', 'code', pair, '--lang', 'harn', '--variant', 'b');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('compact_keep_last: 9,');
  });

  it('reports an invalid config by path, and bad arguments as usage errors', async () => {
    const invalid = await cli('config', 'code', file('bad.json', { profile: 'auto-compactor', reserveTokens: 'lots' }), '--lang', 'dart');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/bad\.json: reserveTokens: /);
    expect(await cli('config', 'code', file('ok.json', {}), '--lang', 'cobol')).toMatchObject({ code: 2, stderr: expect.stringContaining('--lang needs one of dart, ts, harn') });
    expect(await cli('config', 'code', '--lang', 'dart')).toMatchObject({ code: 2 });
    expect(await cli('config', 'code', file('plain.json', {}), '--lang', 'dart', '--variant', 'a')).toMatchObject({ code: 2 });
  });

  it('refuses a config holding a key instead of spelling it out in code (issue 14 item 3)', async () => {
    const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q';
    const keyed = file('keyed.json', { profile: 'auto-compactor', prompts: { customInstructions: `Use ${key}` } });
    const result = await cli('config', 'code', keyed, '--lang', 'ts');
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`${keyed}: prompts.customInstructions: looks like a secret — OpenAI API key`);
    expect(result.stderr).not.toContain(key.slice(6, 20));
  });
});
