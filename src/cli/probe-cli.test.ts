import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { probePromptMarkers } from '../engine/probes/probe-prompts';

const run = promisify(execFile);
const bin = path.join(import.meta.dirname, 'bin.mjs');
const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const key = 'sk-cli-probe-5e4d3c2b1a09';

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: { ...process.env, MOCK_KEY: key } });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({
    scripts: [
      { match: probePromptMarkers.write, text: '[{"kind":"recall","question":"Which module?","answer":"Spotter.Transcripts"},{"kind":"decision","question":"Why?","answer":"speed"}]' },
      { match: probePromptMarkers.answer, text: '{"P1": "Spotter.Transcripts", "P2": "unknown"}' },
      { match: probePromptMarkers.grade, text: '[{"id":"P1","grade":"correct","reason":"same"},{"id":"P2","grade":"wrong","reason":"none"}]' },
    ],
  });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const compact = (...extra: string[]) =>
  cli('compact', session, '--window', '60000', '--main', `openai-compatible:gpt-4o-mini@${mock.url}/v1`, '--key-env', 'MOCK_KEY', ...extra);

describe('compaction-lab compact --probe (against the mock provider, scripted answers)', () => {
  it('adds the probe report of the last pass to the JSON, with its own calls, and a line to the table', async () => {
    const json = await compact('--json', '--probe', '--probe-per-kind', '1');
    expect(json.code).toBe(0);
    const output = JSON.parse(json.stdout);
    expect(output.probes).toMatchObject({ pass: output.passes.at(-1).pass, overall: 0.5, byKind: { recall: { count: 1, score: 1 }, decision: { count: 1, score: 0 } }, calls: 3 });
    expect(output.probes.outcomes.map((outcome: { grade: string }) => outcome.grade)).toEqual(['correct', 'unanswered']);
    expect(output.probes.providerCalls).toHaveLength(3);
    expect(mock.requests.slice(-3).map((request) => request.scripted)).toEqual([probePromptMarkers.write, probePromptMarkers.answer, probePromptMarkers.grade]);
    expect(json.stdout).not.toContain(key);
    expect(output.probes.costUsd).toBeCloseTo(output.probes.providerCalls.reduce((sum: number, call: { costUsd: number }) => sum + call.costUsd, 0));
    // `--probe` before the transcript takes no value from it.
    const table = await cli('compact', '--probe', session, '--probe-per-kind', '1', '--window', '60000', '--main', `openai-compatible:gpt-4o-mini@${mock.url}/v1`, '--key-env', 'MOCK_KEY');
    expect(table.stdout).toMatch(/^probes of pass \d+ \(model questions, 3 calls, (?:< )?\$0\.\d\d\): 50\.0% — recall 100\.0% \(1\) · decision 0\.0% \(1\)$/m);
  });

  it('reports a probe run the provider refused in the output, in its words, after a run that succeeded', async () => {
    const truncating = ['--profile', 'two-tier', '--set', 'tokenThreshold=20000', '--set', 'compactStrategy=truncate', '--main', `openai-compatible:mock-429@${mock.url}/v1`, '--key-env', 'MOCK_KEY', '--probe', 'facts', '--probe-per-kind', '1'];
    const json = await cli('compact', session, ...truncating, '--json');
    expect(json.code).toBe(0);
    const output = JSON.parse(json.stdout);
    expect(output.success).toBe(true);
    expect(output.probes).toEqual({ error: expect.stringContaining('HTTP 429'), providerCalls: [expect.objectContaining({ status: 429, costUsd: null })], costUsd: null });
    const table = await cli('compact', session, ...truncating);
    expect(table.stdout).toMatch(/^probes: failed after 1 calls \(cost unknown\): .*HTTP 429/m);
    expect(`${json.stdout}${table.stdout}`).not.toContain(key);
  });

  it('refuses a bad --probe value or count, and --probe without a live model, before any call', async () => {
    expect((await compact('--probe=maybe')).stderr).toContain('--probe takes model or facts, not "maybe"');
    expect((await compact('--probe', 'facts', '--probe-per-kind', '9')).stderr).toContain('--probe-per-kind takes a whole number from 1 to 5');
    expect((await compact('--probe-per-kind', '2')).stderr).toContain('--probe-per-kind needs --probe');
    const offline = await cli('compact', session, '--probe');
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain('--probe asks a live model: name one with --main');
    expect(mock.requests).toHaveLength(0);
  });
});
