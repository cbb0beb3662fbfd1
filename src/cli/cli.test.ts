import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { cli } from './cli.test-support';

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

  it('exits 2 (nothing ran) with one line for unreadable input', async () => {
    const unknown = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'unknown.json');
    writeFileSync(unknown, JSON.stringify({ hello: 'world' }));
    const result = await cli('stats', unknown);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown format. Tried:');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await cli('stats', '/no/such/file.jsonl');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });

  it('reports the unstored overhead, context tokens and the calibration fitted from logged usage', async () => {
    const claude = JSON.parse((await cli('stats', path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl'), '--json')).stdout);
    expect(claude).toMatchObject({ tokens: { encoding: 'o200k_base', total: 140594 }, unstoredOverhead: 18187, contextTokens: 140594 + 18187, calibration: { model: 'claude-opus-4-6', calls: 157 } });
    expect(claude.unstoredOverheadNote).toContain('Fitted over 157 logged calls');
    // The app's split (issue 27): the agent's summary, a user message in the file, is summary, not user.
    expect(claude.tokens.byKind).toMatchObject({ user: 174, summary: 3579 });
    expect(claude.tokens.byKind.user + claude.tokens.byKind.summary).toBe(claude.tokens.byRole.user);
    expect(claude.calibration.ratio).toBeGreaterThan(claude.calibration.spread.low);
    expect(claude.calibration.ratio).toBeLessThan(claude.calibration.spread.high);
    expect(claude.calibrationNote).toContain('Calibrated to claude-opus-4-6');
    const sweAgent = JSON.parse((await cli('stats', path.join(fixturesDirectory, 'swe-agent-fc__marshmallow-code__marshmallow-1867.traj'), '--json')).stdout);
    expect(sweAgent).toMatchObject({ unstoredOverhead: 0, calibration: null, calibrationNote: 'The source logged no per-call usage to calibrate against.' });
    expect(sweAgent.contextTokens).toBe(sweAgent.tokens.total);
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

  it('sizes the offline summary by --set offlineSummary.summaryMaxTokens', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'compaction-lab-'));
    const counter = await loadTokenCounter('o200k_base');
    const summaryTokens = async (budget: number) => {
      const out = path.join(directory, `summary-${budget}.json`);
      const result = await cli('compact', session, '--profile', 'two-tier', '--set', 'compactStrategy=llm', '--set', 'keepLast=0', '--set', `offlineSummary.summaryMaxTokens=${budget}`, '--out', out);
      expect(result.code).toBe(0);
      const [summary] = JSON.parse(readFileSync(out, 'utf8')) as { content: string }[];
      return counter.count(summary.content.slice(summary.content.indexOf('\n') + 1));
    };
    const small = await summaryTokens(400);
    expect(small).toBeLessThanOrEqual(400);
    expect(await summaryTokens(1600)).toBeGreaterThan(2 * small);
  });

  it('prints a per-pass table for the two-tier profile', async () => {
    const result = await cli('compact', session, '--profile', 'two-tier', '--set', 'tokenThreshold=20000');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^pass\s+context before → after \(o200k_base exact \+ system prompt and tools\)\s+its estimate\s+strategy\s+attempts\s+fallback\s+duration\s+retention$/m);
    expect(result.stdout).toMatch(/^1\s+[\d,]+ → [\d,]+\s+[\d,]+ → [\d,]+\s+observation-mask/m);
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

  it('refuses settings that cannot work as set in one line before anything runs, and runs them with --run-anyway', async () => {
    const toolHeavy = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'compacted.json');
    const refused = await cli('compact', toolHeavy, '--profile', 'auto-compactor', '--window', '3000', '--out', out, '--json');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^compaction-lab: these settings cannot work as set, so nothing ran: \[reserveTokens, window\] reserveTokens 16,384 ≥ window 3,000: .* Lower reserveTokens below the window .*; pass --run-anyway to run them regardless$/);
    expect(existsSync(out)).toBe(false);
    const config = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'tight.json');
    writeFileSync(config, JSON.stringify({ profile: 'auto-compactor', window: 3000 }));
    const named = await cli('compact', toolHeavy, '--config', config);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain(`compaction-lab: ${config}: these settings cannot work as set`);
    const forced = await cli('compact', toolHeavy, '--profile', 'auto-compactor', '--window', '3000', '--run-anyway', '--json');
    // Forced, it ran, and did not succeed: exit 1, the report still on stdout.
    expect(forced.code).toBe(1);
    expect(forced.stderr).toMatch(/^compaction-lab: .*claude-code__tool_heavy\.jsonl: the run did not succeed \(max-passes\): .*\n$/);
    const output = JSON.parse(forced.stdout);
    expect(output.forcedSettings).toEqual([expect.objectContaining({ fields: ['reserveTokens', 'window'], suggested: { reserveTokens: 750, keepRecentTokens: 1125 } })]);
    expect(output).toMatchObject({ success: false, error: { code: 'max-passes' }, context: { trigger: -13384, window: 3000, fitsAfter: false } });
    expect(output.passes).toHaveLength(8);
    const noOps = output.flags.filter((flag: { kind: string }) => flag.kind === 'no-op-pass').map((flag: { pass: number }) => flag.pass);
    expect(noOps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const table = await cli('compact', toolHeavy, '--profile', 'auto-compactor', '--window', '3000', '--run-anyway');
    expect(table.stdout).toMatch(/^forced: run with --run-anyway although these settings cannot work as set: \[reserveTokens, window\] /m);
    expect(table.stdout).toContain('over the −13,384-token trigger');
  });

  it('rejects a config with a bad field, naming its path', async () => {
    const result = await cli('compact', session, '--profile', 'rolling-summary', '--set', 'keepVerbatim="two"');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('invalid config: keepVerbatim:');
  });
});

