import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { readExperimentJsonl } from '../lab/experiment/experiment-jsonl';
import { cli, jsonFiles } from './cli.test-support';
import type { AssertionResult } from '../lab/experiment/experiment-types';
import type { EvalOutput } from './eval-output';
import type { EvalRow } from './eval-protocol';

// Issue 29: eval runs experiments — `--mode compaction`, `--assert` with exit codes for CI — and its `--jsonl` is the
// experiment JSONL the Experiments view opens.

const { folder, write: config } = jsonFiles('compaction-lab-experiment-');
const wide = config('wide.json', { profile: 'auto-compactor' });
const small = config('small.json', { profile: 'two-tier', tokenThreshold: 1500 });
const masked = config('masked.json', { profile: 'two-tier', tokenThreshold: 4000, compactStrategy: 'observation-mask' });
const corpus = path.join(folder, 'corpus');
mkdirSync(corpus);
const toolHeavy = path.join(corpus, 'tool-heavy.jsonl');
copyFileSync(path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl'), toolHeavy);
copyFileSync(path.join(fixturesDirectory, 'hand-written', 'inspect__license-ctf-two-epochs.json'), path.join(corpus, 'two-epochs.json'));
writeFileSync(path.join(corpus, 'broken.jsonl'), '{"type": "user", "message": {"content": "cut off here\n');

describe('compaction-lab eval as an experiment', () => {
  it('--mode compaction runs one compaction per (run, config) for any number of configs; its --jsonl reads back as the experiment', async () => {
    const result = await cli('eval', corpus, '--config', wide, '--config', small, '--config', masked, '--mode', 'compaction', '--jsonl', '--jobs', '2');
    expect(result.code, result.stderr).toBe(0);
    const read = readExperimentJsonl(result.stdout);
    if ('error' in read) throw new Error(read.error);
    expect(read.definition).toMatchObject({ version: 1, mode: 'compaction', assertions: [] });
    expect(read.definition.configs.map((entry) => [entry.name, entry.document?.profile])).toEqual([[wide, 'auto-compactor'], [small, 'two-tier'], [masked, 'two-tier']]);
    // Names and hashes of the files, never their text.
    const ref = read.definition.transcripts.find((entry) => entry.name === toolHeavy);
    expect(ref).toEqual({ name: toolHeavy, sha256: createHash('sha256').update(readFileSync(toolHeavy)).digest('hex'), sizeBytes: readFileSync(toolHeavy).byteLength });
    expect(result.stdout).not.toContain('tool_use_id');
    // Three runs (two in the Inspect log) under three configs; the broken file skipped.
    expect(read.rows).toHaveLength(9);
    expect(read.rows.every((row) => row.mode === 'compaction' && row.ok)).toBe(true);
    expect(read.skipped).toEqual([{ file: path.join(corpus, 'broken.jsonl'), reason: expect.any(String) }]);
    // The wide config's gate does not fire on these small sessions; the small one compacts the Claude Code session.
    expect(read.rows.filter((row) => row.config === wide).map((row) => row.ok && row.compactions)).toEqual([0, 0, 0]);
    expect(read.rows.find((row) => row.config === small && row.file === toolHeavy)).toMatchObject({ compactions: 1 });
  }, 120_000);

  it('--assert: exit 0 when every assertion holds, 1 naming the assertion, config and cells when one fails, 2 for one it cannot read', async () => {
    const passing = await cli('eval', toolHeavy, '--config', small, '--mode', 'compaction', '--assert', 'compactions >= 1', '--assert', 'no:over-window', '--json', '--jobs', '1');
    expect(passing.code, passing.stderr).toBe(0);
    const json = JSON.parse(passing.stdout) as { mode: string; configs: { passesAll: boolean }[]; cells: { assertions: { pass: boolean | null }[] }[]; best: { config: string } | null };
    expect(json.mode).toBe('compaction');
    expect(json.cells[0].assertions.map((result) => result.pass)).toEqual([true, true]);
    expect(json.best?.config).toBe(small);

    const failing = await cli('eval', toolHeavy, '--config', wide, '--config', small, '--mode', 'compaction', '--assert', 'compactions>=1', '--jobs', '1');
    expect(failing.code).toBe(1);
    expect(failing.stderr.trimEnd().split('\n').at(-1)).toBe(`compaction-lab: assertion compactions>=1 failed under ${wide} on 1 of 1 cells`);
    expect(failing.stdout).toMatch(/best: .*small\.json/);

    const bad = await cli('eval', toolHeavy, '--config', small, '--assert', 'retention>=0.8');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^compaction-lab: --assert: assertion "retention>=0.8": unknown metric "retention"; known metrics: needRetention, [^\n]*\n$/);
    const badMode = await cli('eval', toolHeavy, '--config', small, '--mode', 'everything');
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toMatch(/--mode takes compaction or replay/);
  }, 120_000);

  it('replay mode: --json keeps eval’s output and adds each row’s and each config’s assertion results; its rows read as the older --jsonl did', async () => {
    const result = await cli('eval', toolHeavy, '--config', small, '--assert', 'contextAfter<=10', '--json', '--jobs', '1');
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as Omit<EvalOutput, 'transcripts' | 'configs'> & { transcripts: (EvalRow & { assertions: AssertionResult[] })[]; configs: (EvalOutput['configs'][number] & { assertions: unknown[] })[] };
    expect(Object.keys(json)).toEqual(['configs', 'transcripts', 'skipped', 'prices']);
    const [row] = json.transcripts;
    expect(row.assertions).toEqual([{ assertion: 'contextAfter<=10', pass: false, actual: row.peakTokens }]);
    expect(json.configs[0].assertions).toEqual([{ assertion: 'contextAfter<=10', passed: 0, failed: 1, notMeasurable: 0, passRate: 0 }]);
    // eval --jsonl as it was written before experiments: a `row` line per row, no header.
    const legacy = json.transcripts.map(({ assertions: _assertions, ...rest }) => JSON.stringify({ type: 'row', ...rest })).join('\n');
    const read = readExperimentJsonl(legacy);
    if ('error' in read) throw new Error(read.error);
    expect(read.definition).toMatchObject({ mode: 'replay', configs: [{ name: small }] });
    expect(read.rows).toEqual([expect.objectContaining({ file: toolHeavy, config: small, ok: true, contextAfter: row.peakTokens, compactions: row.compactions, costUsd: row.policyCostUsd })]);
  }, 120_000);
});
