import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cli, jsonFiles } from './cli.test-support';
import type { EvalOutput } from './eval-output';
import type { EvalRow } from './eval-protocol';

// Issue 18 item 5: `eval` over a corpus, through the real binary (its worker threads start as the CLI's do).

const { folder, write: config } = jsonFiles('compaction-lab-eval-');
const wide = config('wide.json', { profile: 'auto-compactor' });
// A small threshold, so that B compacts on most sessions of the fixtures.
const small = config('small.json', { profile: 'two-tier', tokenThreshold: 1500 });

/** A folder of sessions: two good ones (one an Inspect log with two runs), a broken file, a dotfile and a file of another kind. */
const corpus = path.join(folder, 'corpus');
mkdirSync(path.join(corpus, 'nested'), { recursive: true });
copyFileSync(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'), path.join(corpus, 'tool-heavy.jsonl'));
copyFileSync(path.join(fixturesDirectory, 'hand-written', 'inspect__license-ctf-two-epochs.json'), path.join(corpus, 'nested', 'two-epochs.json'));
writeFileSync(path.join(corpus, 'broken.jsonl'), '{"type": "user", "message": {"content": "cut off here\n');
writeFileSync(path.join(corpus, '.hidden.json'), 'not read: a dotfile');
writeFileSync(path.join(corpus, 'notes.bin'), 'not read: no transcript ending');

const sum = (rows: readonly EvalRow[], key: 'compactions' | 'summarizerCalls' | 'tokensToSummarizers' | 'factsLost'): number => rows.reduce((total, row) => total + (row[key] ?? 0), 0);

describe('compaction-lab eval', () => {
  it('replays the fixtures under two configs: per-config totals add up from the rows, B − A, a verdict, the unreadable file skipped', async () => {
    const result = await cli('eval', fixturesDirectory, '--config', wide, '--config', small, '--json', '--jobs', '2');
    expect(result.code, result.stderr).toBe(0);
    // Not a terminal: sparse progress lines, the last one the final count.
    const progress = result.stderr.trimEnd().split('\n');
    expect(progress.at(-1)).toMatch(/^compaction-lab: eval: (\d+)\/\1 transcripts · 1 failed to import$/);
    const json: EvalOutput = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['configs', 'comparison', 'transcripts', 'skipped', 'prices']);
    expect(json.prices).toEqual({ source: expect.stringMatching(/^@pydantic\/genai-prices /), asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // NOTICE.md is no transcript: reported with the reason, never fatal.
    expect(json.skipped).toEqual([{ file: path.join(fixturesDirectory, 'NOTICE.md'), reason: expect.stringMatching(/^Unknown format/) }]);
    expect(json.configs.map((summary) => [summary.name, summary.profile])).toEqual([[wide, 'auto-compactor'], [small, 'two-tier']]);
    for (const summary of json.configs) {
      const rows = json.transcripts.filter((row) => row.config === summary.name);
      expect(rows.every((row) => row.ok)).toBe(true);
      expect(summary.totals).toMatchObject({
        sessions: rows.length,
        failedSessions: 0,
        compactions: sum(rows, 'compactions'),
        summarizerCalls: sum(rows, 'summarizerCalls'),
        tokensToSummarizers: sum(rows, 'tokensToSummarizers'),
        factsLost: sum(rows, 'factsLost'),
        costUsd: 0,
        peakTokens: Math.max(...rows.map((row) => row.peakTokens ?? 0)),
      });
      expect(summary.distributions.compactions).toMatchObject({ count: rows.length, max: Math.max(...rows.map((row) => row.compactions ?? 0)) });
    }
    const [a, b] = json.configs;
    // Every session is replayed under both configs: the fixture with a real agent compaction among them.
    expect(a.totals.sessions).toBe(b.totals.sessions);
    expect(json.transcripts.some((row) => row.file.endsWith('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl'))).toBe(true);
    expect(b.totals.compactions).toBeGreaterThan(a.totals.compactions);
    expect(json.comparison).toMatchObject({ a: wide, b: small, delta: { compactions: b.totals.compactions - a.totals.compactions, factsLost: b.totals.factsLost - a.totals.factsLost } });
    expect(json.comparison?.better.a).toContain('compactions');
    // Both configs' rows are judged on the lower trigger of the two, the small config's own (issue 27).
    for (const row of json.transcripts.filter((entry) => entry.config === small)) expect(row.shareOverSharedTrigger).toBe(row.shareOverTrigger);
    expect(json.comparison?.delta.shareOverSharedTrigger).toBe((b.totals.shareOverSharedTrigger ?? 0) - (a.totals.shareOverSharedTrigger ?? 0));
    expect(json.comparison?.verdict).toMatch(/A \(.*wide\.json\) is better on .*fewer compactions/);
    // Cost with caching (issue 28): per session, and each config's total the sum of its sessions' (unknown when one is).
    for (const summary of json.configs) {
      const costs = json.transcripts.filter((row) => row.config === summary.name).map((row) => row.policyCostUsd);
      expect(summary.totals.policyCostUsd).toBe(costs.some((cost) => cost === null) ? null : costs.reduce((total: number, cost) => total + (cost ?? 0), 0));
      expect(summary.distributions.policyCostUsd.count).toBe(costs.filter((cost) => cost !== null).length);
    }
    const session = json.transcripts.filter((row) => row.file.endsWith('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl'));
    for (const row of session) {
      expect(row.policyCostUsd).toBeGreaterThan(1);
      expect(Math.abs((row.agentCostRatio ?? 0) - 1)).toBeLessThan(0.1);
    }
    // The agent's own bill is the same whichever policy replays the session.
    expect(session[0].agentCostUsd).toBe(session[1].agentCostUsd);
    expect(json.comparison?.delta.policyCostUsd).toBe(json.configs[0].totals.policyCostUsd === null || json.configs[1].totals.policyCostUsd === null ? null : json.configs[1].totals.policyCostUsd - json.configs[0].totals.policyCostUsd);
  }, 120_000);

  it('skips a broken file, dotfiles and other files in a directory, exits 0, and --jsonl prints the experiment: a header, a line per (session, config) and per skipped file, a summary', async () => {
    const result = await cli('eval', corpus, '--config', wide, '--config', small, '--jsonl', '--jobs', '2');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; file: string; run?: number; config?: string });
    // Two sessions in the Inspect log and one Claude Code session, each under two configs, and the broken file.
    const sessions = 3;
    const configs = 2;
    // One format with the Experiments view (issue 29): the experiment first, the summary last, cells and skipped files between.
    expect(lines).toHaveLength(1 + sessions * configs + 1 + 1);
    expect(lines[0]).toMatchObject({ type: 'experiment', version: 1, mode: 'replay', configs: [{ name: wide }, { name: small }], assertions: [] });
    expect(lines.at(-1)).toMatchObject({ type: 'summary' });
    const skipped = lines.filter((line) => line.type === 'skipped');
    expect(skipped).toEqual([{ type: 'skipped', file: path.join(corpus, 'broken.jsonl'), reason: expect.any(String) }]);
    const rows = lines.filter((line) => line.type === 'cell');
    expect(rows.every((row) => row.file !== undefined && row.config !== undefined)).toBe(true);
    expect(rows.filter((row) => row.file.endsWith('two-epochs.json')).map((row) => row.run).sort()).toEqual([1, 1, 2, 2]);
    expect(rows.filter((row) => row.file.endsWith('tool-heavy.jsonl')).map((row) => row.run)).toEqual([undefined, undefined]);
    expect(result.stdout).not.toMatch(/hidden|notes\.bin/);
  }, 60_000);

  it('refuses an invalid config before any work: exit 2, one line naming the file and the field', async () => {
    const bad = config('bad-field.json', { profile: 'two-tier', tokenThreshold: 'many' });
    const result = await cli('eval', corpus, '--config', wide, '--config', bad, '--jsonl');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^compaction-lab: .*bad-field\.json: invalid config: tokenThreshold: [^\n]*\n$/);
  });

  it('reports a session whose compactions were refused for callbacks as a failed row, and exits 1', async () => {
    const callbacks = config('callbacks.json', { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: `${messages.length}` })' });
    const result = await cli('eval', path.join(corpus, 'tool-heavy.jsonl'), '--config', callbacks, '--json', '--jobs', '1');
    expect(result.code).toBe(1);
    const json: EvalOutput = JSON.parse(result.stdout);
    expect(json.transcripts).toEqual([expect.objectContaining({ ok: false, error: expect.stringMatching(/^The config carries JavaScript callbacks \(customCompactor\).*pass --allow-callbacks/), compactions: null })]);
    expect(json.configs[0].totals).toMatchObject({ sessions: 0, failedSessions: 1, compactions: 0 });
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^compaction-lab: 1 of 1 replays failed; the first: .*tool-heavy\.jsonl under .*callbacks\.json: The config carries/);
  });

  it('reports a replay its looping callback stopped (the budget spent) as a failed row that names the field and the budget, and exits 1 (issue 25 item 8)', async () => {
    const loops = config('loops.json', { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => { for (;;) {} }' });
    const result = await cli('eval', path.join(corpus, 'tool-heavy.jsonl'), '--config', loops, '--allow-callbacks', '--callback-budget', '0.3', '--json', '--jobs', '1');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    const json: EvalOutput = JSON.parse(result.stdout);
    expect(json.transcripts).toEqual([expect.objectContaining({ ok: false, error: expect.stringMatching(/^the replay stopped at message \d+: customCompactor did not finish within the callbacks' 0\.3 s budget/) })]);
  }, 120_000);

  it('exits 2 when nothing could be replayed, naming why', async () => {
    const result = await cli('eval', path.join(corpus, 'broken.jsonl'), path.join(folder, 'missing-dir'), '--config', wide, '--json', '--jobs', '1');
    expect(result.code).toBe(2);
    const json: EvalOutput = JSON.parse(result.stdout);
    expect(json.skipped.map((entry) => [path.basename(entry.file), entry.reason])).toEqual([
      ['missing-dir', 'no such file or directory'],
      ['broken.jsonl', expect.any(String)],
    ]);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('compaction-lab: nothing could be replayed: none of the 1 files could be imported (2 skipped)');
  });
});
