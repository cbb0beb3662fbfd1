import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cli } from './cli.test-support';

const directory = mkdtempSync(path.join(tmpdir(), 'prices-option-'));
const pricesFile = (name: string, table: unknown): string => {
  const file = path.join(directory, name);
  writeFileSync(file, JSON.stringify(table));
  return file;
};
const openHands = path.join(fixturesDirectory, 'openhands__multi_swe_bench_examples_output.jsonl');

describe('--prices FILE: the user’s price overrides on the command line (issue 28)', () => {
  it('prices a model the catalog lacks, so stats has a total where it said unknown', async () => {
    const file = pricesFile('llama.json', { 'meta-llama/llama-4-maverick': { inputPerMillion: 1, outputPerMillion: 2 } });
    const cost = JSON.parse((await cli('stats', openHands, '--json', '--prices', file)).stdout).loggedCost;
    expect(cost).toMatchObject({ calls: 23, unknownModels: [], byModel: [{ model: 'meta-llama/llama-4-maverick', priceOrigin: 'override' }] });
    expect(cost.totalUsd).toBeGreaterThan(0);
  });

  it('eval names the models --prices priced instead of the catalog, and none without it', async () => {
    const file = pricesFile('eval-llama.json', { 'meta-llama/llama-4-maverick': { inputPerMillion: 1, outputPerMillion: 2 } });
    const config = pricesFile('eval-config.json', { profile: 'unified' });
    const withPrices = JSON.parse((await cli('eval', openHands, '--config', config, '--json', '--prices', file)).stdout).prices;
    expect(withPrices).toMatchObject({ yourPrices: ['meta-llama/llama-4-maverick'] });
    const catalogOnly = JSON.parse((await cli('eval', openHands, '--config', config, '--json')).stdout).prices;
    expect(catalogOnly.yourPrices).toBeUndefined();
  });

  it('refuses a bad table before anything runs: exit 2 and one stderr line naming the file and the field', async () => {
    const file = pricesFile('bad.json', { 'claude-opus-4-6': { inputPerMillion: 5, outputPerMillion: -1 } });
    for (const command of [['stats', openHands], ['replay', openHands], ['eval', openHands, '--config', pricesFile('config.json', { profile: 'unified' })]]) {
      const outcome = await cli(...command, '--prices', file);
      expect(outcome.code).toBe(2);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
      expect(outcome.stderr).toContain(`${file}: claude-opus-4-6.outputPerMillion: is not a non-negative number of US dollars`);
    }
  });

  it('names a missing price and a file that is not JSON', async () => {
    const missing = await cli('stats', openHands, '--prices', pricesFile('missing.json', { 'gpt-5': { inputPerMillion: 1 } }));
    expect(missing.stderr).toContain('missing.json: gpt-5.outputPerMillion: is missing');
    const broken = path.join(directory, 'broken.json');
    writeFileSync(broken, '{"gpt-5": ');
    const notJson = await cli('stats', openHands, '--prices', broken);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('broken.json: not JSON');
  });
});

describe('--help names the cost fields and --prices (issue 28)', () => {
  it('lists stats’ loggedCost, replay’s cost, eval’s cost figures and the --prices option', async () => {
    const help = (await cli('--help')).stdout;
    expect(help).toContain('stats <file> [--json] [--encoding o200k_base|cl100k_base] [--run N] [--prices FILE]');
    expect(help).toContain('loggedCost {calls, totalUsd, byKind {input, cacheWrite, cacheRead, output}');
    expect(help).toContain('{agent {loggedUsd, loggedTotalUsd, simulatedUsd, ratio');
    expect(help).toContain('{totalUsd, inputSideUsd, agentCallsUsd, summarizerUsd, cacheWriteUsd, cacheReadUsd');
    expect(help).toContain('policyCostUsd, agentCostUsd,\n       agentCalls, agentCostRatio}], skipped [{file, reason}], prices {source, asOf, yourPrices?}}');
    expect(help).toContain('--prices\n       FILE lays your prices over it');
  });
});
