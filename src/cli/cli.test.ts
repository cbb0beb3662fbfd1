import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';

const run = promisify(execFile);
const bin = path.join(import.meta.dirname, 'bin.mjs');

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args]);
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

describe('compaction-lab stats', () => {
  it('prints the import report of a real transcript as JSON', async () => {
    const result = await cli('stats', path.join(fixturesDirectory, 'codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl'), '--json', '--encoding', 'cl100k_base');
    expect(result.code).toBe(0);
    const stats = JSON.parse(result.stdout);
    expect(stats).toMatchObject({
      format: 'codex',
      messages: 154,
      byRole: { system: 1, user: 7, assistant: 28, tool: 118 },
      toolCalls: 118,
      toolResults: 118,
      orphanToolResults: 0,
      unansweredToolCalls: 0,
      compactionMarkers: 0,
      tokens: { encoding: 'cl100k_base' },
      warnings: [],
    });
    expect(stats.tokens.total).toBeGreaterThan(1000);
  });

  it('prints a readable table by default and picks a run with --run', async () => {
    const result = await cli('stats', path.join(fixturesDirectory, 'openhands__multi_swe_bench_examples_output.jsonl'), '--run', '3');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^run\s+3 of 3/m);
    expect(result.stdout).toMatch(/^tool calls\s+49$/m);
  });

  it('exits non-zero with one line for unreadable input', async () => {
    const unknown = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'unknown.json');
    writeFileSync(unknown, JSON.stringify({ hello: 'world' }));
    const result = await cli('stats', unknown);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown format. Tried:');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await cli('stats', '/no/such/file.jsonl');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });

  it('rejects a bad encoding as a usage error', async () => {
    const result = await cli('stats', path.join(fixturesDirectory, 'gemini-cli__session-01.json'), '--encoding', 'bogus');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown encoding');
  });
});

describe('compaction-lab compact', () => {
  const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');

  it('compacts a real session with the offline summarizer and writes the result', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'compacted.json');
    const result = await cli('compact', session, '--profile', 'auto-compactor', '--window', '60000', '--json', '--out', out);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ profile: 'auto-compactor', success: true, cancelled: false, summarizer: 'offline-extractive' });
    expect(output.passes.length).toBeGreaterThan(0);
    expect(output.tokensAfter).toBeLessThan(output.tokensBefore);
    expect(output.passes[0]).toMatchObject({ pass: 1, ok: true, lint: { orphanResults: [], unansweredCalls: [] } });
    const written = JSON.parse(readFileSync(out, 'utf8')) as { role: string; content: string }[];
    expect(written[0].content).toContain('<summary>');
  });

  it('prints a per-pass table for the two-tier profile', async () => {
    const result = await cli('compact', session, '--profile', 'two-tier', '--set', 'tokenThreshold=20000');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^pass\s+tokens before → after\s+strategy\s+attempts\s+fallback\s+duration$/m);
    expect(result.stdout).toMatch(/^1\s+[\d,]+ → [\d,]+\s+observation-mask/m);
  });

  it('runs a config\'s JavaScript callback only with --allow-callbacks', async () => {
    const config = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'callbacks.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: `custom summary of ${messages.length} messages` })' }));
    const refused = await cli('compact', session, '--config', config, '--json');
    expect(JSON.parse(refused.stdout)).toMatchObject({ success: false, error: { code: 'callbacks-need-consent' } });
    const allowed = await cli('compact', session, '--config', config, '--json', '--allow-callbacks', '--out', `${config}.out.json`);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ success: true });
    expect(readFileSync(`${config}.out.json`, 'utf8')).toMatch(/custom summary of \d+ messages/);
  });

  it('rejects a config with a bad field, naming its path', async () => {
    const result = await cli('compact', session, '--profile', 'rolling-summary', '--set', 'keepVerbatim="two"');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('invalid config: keepVerbatim:');
  });
});
