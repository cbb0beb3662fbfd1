import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cli } from './cli.test-support';

const stats = async (name: string, ...options: string[]) => cli('stats', path.join(fixturesDirectory, name), ...options);

describe('compaction-lab stats: the logged cost', () => {
  it('prints what the logged calls cost as JSON, by model and by kind, with its basis', async () => {
    const output = JSON.parse((await stats('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', '--json')).stdout);
    const cost = output.loggedCost;
    expect(cost).toMatchObject({
      calls: 157,
      pricesAsOf: '2026-09-23',
      pricesSource: '@pydantic/genai-prices 0.1.8',
      unknownModels: [],
      byModel: [{ model: 'claude-opus-4-6', calls: 157, priceOrigin: 'catalog' }],
    });
    const { input, cacheWrite, cacheRead, output: written } = cost.byKind;
    expect(cost.totalUsd).toBeCloseTo(input + cacheWrite + cacheRead + written, 10);
    expect(cost.byModel[0].usd).toBeCloseTo(cost.totalUsd, 10);
    expect(cost.cacheHitRate).toBeGreaterThan(0.9);
    expect(cost.withoutCachingUsd).toBeGreaterThan(cost.totalUsd);
    expect(output.loggedCostNote).toBe('Logged cost: provider-logged usage × prices as of 2026-09-23, @pydantic/genai-prices 0.1.8.');
  });

  it('gives no total for a model with no price, and names it', async () => {
    const result = await stats('openhands__multi_swe_bench_examples_output.jsonl', '--json');
    const cost = JSON.parse(result.stdout).loggedCost;
    expect(cost).toMatchObject({ calls: 23, totalUsd: null, byKind: null, unknownModels: ['meta-llama/llama-4-maverick'] });
    const table = (await stats('openhands__multi_swe_bench_examples_output.jsonl')).stdout;
    expect(table).toMatch(/logged cost +unknown for 23 logged calls: no price for meta-llama\/llama-4-maverick \(provider-logged usage/);
    expect(table).toMatch(/ {2}meta-llama\/llama-4-maverick +cost unknown over 23 calls/);
  });

  it('says why there is no logged cost when the file logged no usage', async () => {
    const output = JSON.parse((await stats('swe-agent-fc__marshmallow-code__marshmallow-1867.traj', '--json')).stdout);
    expect(output.loggedCost).toBeNull();
    expect(output.loggedCostNote).toBe('No logged cost: the file logged no per-call token usage, so there is nothing to price.');
  });

  it('prints the total, each model, the kinds and what caching saved as text', async () => {
    const table = (await stats('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl')).stdout;
    expect(table).toMatch(/logged cost +\$\d+\.\d\d for 157 logged calls \(provider-logged usage × prices as of 2026-09-23, @pydantic\/genai-prices 0\.1\.8\)/);
    expect(table).toMatch(/ {2}by kind +input .* · cache write \$.* · cache read \$.* · output \$/);
    expect(table).toMatch(/ {2}cache hit rate +\d+(\.\d)?% of input tokens read from the cache; without caching \$[\d.,]+, so caching saved \$/);
  });
});
