import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodingNames } from '../engine';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { readExperimentJsonl } from '../lab/experiment/experiment-jsonl';
import { rankFileUrl, rankTableFromFile } from '../ports/tokenizer/rank-file';
import { buildRankTable, importRankList } from '../ports/tokenizer/token-rank-table';
import { cli, jsonFiles, type CliOutcome } from './cli.test-support';

// Issue 30: the command users run is the built one (build/cli/, written by `npm install`'s prepare step), and it
// prints what the sources print. These run it as a user does, `npx compaction-lab` in the package, so a missing or
// stale build fails here.

const root = path.join(import.meta.dirname, '..', '..');
const builtDirectory = path.join(root, 'build', 'cli');
const toolHeavy = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const run = promisify(execFile);

/**
 * `npx compaction-lab …` in the package folder (`viaNpx`), or the built entry run by this Node: its exit code and
 * output. Exit codes are compared on the built entry itself, since npm exec may report any failure as 1.
 */
async function built(viaNpx: boolean, ...args: string[]): Promise<CliOutcome> {
  const [command, commandArgs] = viaNpx ? ['npx', ['--no-install', 'compaction-lab', ...args]] : [process.execPath, [path.join(builtDirectory, 'main.mjs'), ...args]];
  try {
    const { stdout, stderr } = await run(command, commandArgs, { cwd: root, timeout: 60_000, env: { ...process.env, npm_config_loglevel: 'error' } });
    return { stdout, stderr, code: 0, signal: null };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number; signal?: string | null };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code, signal: failure.signal ?? null };
  }
}

describe('the built compaction-lab', () => {
  beforeAll(() => {
    if (!existsSync(path.join(builtDirectory, 'main.mjs'))) throw new Error('build/cli/main.mjs is missing: `npm install` builds it (prepare), or run `npm run build:cli`');
  });

  it('is the package’s command, and prints what the sources print: stats --json, --help, a usage error', async () => {
    const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(packageJson.bin['compaction-lab']).toBe('build/cli/main.mjs');
    for (const args of [['stats', toolHeavy, '--json'], ['--help'], ['stats']]) {
      const [fromBuild, fromSources] = await Promise.all([built(false, ...args), cli(...args)]);
      expect(fromBuild, `compaction-lab ${args.join(' ')}: rebuild with npm run build:cli if the sources changed`).toEqual(fromSources);
    }
    // As a user runs it after npm install: npx finds the package's own command.
    const viaNpx = await built(true, 'stats', toolHeavy, '--json');
    expect(viaNpx.code, viaNpx.stderr).toBe(0);
    expect(viaNpx.stdout).toBe((await cli('stats', toolHeavy, '--json')).stdout);
  });

  it('runs eval in its worker threads and a config’s callback in its callback thread, from the build', async () => {
    const { write } = jsonFiles('compaction-lab-built-');
    const small = write('small.json', { profile: 'two-tier', tokenThreshold: 1500 });
    const evaluated = await built(true, 'eval', toolHeavy, '--config', small, '--mode', 'compaction', '--jsonl', '--jobs', '2');
    expect(evaluated.code, evaluated.stderr).toBe(0);
    const read = readExperimentJsonl(evaluated.stdout);
    if ('error' in read) throw new Error(read.error);
    expect(read.rows.map((row) => row.ok)).toEqual([true]);

    const custom = write('custom.json', { profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: `kept ${messages.length}` })' });
    const compacted = await built(true, 'compact', toolHeavy, '--config', custom, '--allow-callbacks', '--json');
    expect(compacted.code, compacted.stderr).toBe(0);
    expect(JSON.parse(compacted.stdout)).toMatchObject({ profile: 'two-tier', success: true });
  });

  it('counts with rank files that hold exactly the tokenizer’s ranks', async () => {
    for (const encoding of encodingNames) {
      const fromFile = rankTableFromFile(readFileSync(rankFileUrl(new URL(`file://${builtDirectory}/ranks/`), encoding)));
      const fromModule = buildRankTable(await importRankList(encoding));
      expect(fromFile.ranks.size).toBe(fromModule.ranks.size);
      expect([...(fromModule.ranks as ReadonlyMap<string, number>)].every(([bytes, rank]) => fromFile.ranks.get(bytes) === rank)).toBe(true);
      expect(fromFile.ranks.get('not a token of any encoding')).toBeUndefined();
      expect(fromFile.pairRanks).toEqual(fromModule.pairRanks);
    }
  });
});
