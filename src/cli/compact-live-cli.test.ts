import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cliWithEnvironment } from './cli.test-support';

describe('compaction-lab compact with live providers (against the mock provider server)', () => {
  const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
  const key = 'sk-cli-test-5e4d3c2b1a09';
  const environment = { ...process.env, MOCK_KEY: key };
  let mock: MockLlm;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());
  const live = (smol: string, main: string, ...settings: string[]): Promise<{ stdout: string; stderr: string; code: number }> =>
    cliWithEnvironment(environment, 'compact', session, '--window', '60000', '--json', '--smol', `openai-compatible:${smol}@${mock.url}/v1`, '--main', `openai-compatible:${main}@${mock.url}/v1`, '--key-env', 'MOCK_KEY', '--set', 'baseBackoffMs=1', ...settings.flatMap((setting) => ['--set', setting]));

  it('retries smol after two 503s and succeeds, reporting every attempt, call, usage and cost', async () => {
    const result = await live('mock-503x2', 'mock-ok');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ success: true, summarizer: expect.stringContaining('smol=openai-compatible:mock-503x2@127.0.0.1') });
    expect(output.passes[0]).toMatchObject({ strategy: 'llm-summary', attempts: 3, ok: true });
    expect(output.passes[0].fallback).toBeUndefined();
    expect(output.attempts.slice(0, 3)).toEqual([
      expect.objectContaining({ label: 'smol=mock-503x2', attempt: 1, ok: false, retryable: true, error: expect.stringContaining('HTTP 503'), retryDelayMs: 1 }),
      expect.objectContaining({ label: 'smol=mock-503x2', attempt: 2, ok: false, retryable: true, error: expect.stringContaining('HTTP 503'), retryDelayMs: 2 }),
      expect.objectContaining({ label: 'smol=mock-503x2', attempt: 3, ok: true, retryable: false }),
    ]);
    expect(output.calls.slice(0, 3).map((call: { status: number }) => call.status)).toEqual([503, 503, 200]);
    expect(output.calls[2]).toMatchObject({ role: 'smol', provider: 'openai-compatible', model: 'mock-503x2', hasKey: true, costUsd: null, usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) } });
    expect(output.usage).toMatchObject({ inputTokens: expect.any(Number), costUsd: null });
    expect(mock.requests.every((request) => request.authorization === `Bearer ${key}`)).toBe(true);
    expect(result.stdout + result.stderr).not.toContain(key);
  });

  it('aborts a smol call that never answers when the attempt budget fires, then tries main', async () => {
    const result = await live('mock-hang', 'mock-ok', 'attemptBudgetMs=2000');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.passes[0]).toMatchObject({ strategy: 'llm-summary', fallback: 'main', ok: true });
    expect(output.attempts[0]).toMatchObject({ label: 'smol=mock-hang', attempt: 1, ok: false, retryable: false, error: expect.stringContaining('TimeoutException') });
    expect(output.attempts[1]).toMatchObject({ label: 'main=mock-ok', attempt: 1, ok: true });
    expect(output.calls[0]).toMatchObject({ model: 'mock-hang', status: null, ok: false, aborted: true });
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-hang', closedEarly: true }));
  });

  it('falls back to a local trim when smol (429, not retried) and main (500s) both fail', async () => {
    const result = await live('mock-429', 'mock-500x9');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.passes[0]).toMatchObject({ strategy: 'local-trim', fallback: 'local-trim', ok: true });
    expect(output.attempts.map((attempt: { label: string; retryable: boolean }) => [attempt.label, attempt.retryable])).toEqual([
      ['smol=mock-429', false],
      ['main=mock-500x9', true],
      ['main=mock-500x9', true],
      ['main=mock-500x9', true],
    ]);
  });

  it('takes providers from a config (stripped before profile validation) with the key from its apiKeyEnv, and prices the calls', async () => {
    const config = path.join(mkdtempSync(path.join(tmpdir(), 'compaction-lab-')), 'providers.json');
    writeFileSync(config, JSON.stringify({ profile: 'rolling-summary', providers: { main: { provider: 'openai-compatible', model: 'gpt-4o-mini', baseURL: `${mock.url}/v1`, apiKeyEnv: 'MOCK_KEY' } } }));
    const result = await cliWithEnvironment(environment, 'compact', session, '--config', config, '--json');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    // The mock answers any other model id normally, so a priced id shows a real cost.
    expect(output).toMatchObject({ profile: 'rolling-summary', success: true, calls: [expect.objectContaining({ model: 'gpt-4o-mini', status: 200 })] });
    expect(output.calls[0].costUsd).toBeGreaterThan(0);
    expect(output.usage.costUsd).toBeCloseTo(output.calls[0].costUsd);
    expect(mock.requests.length).toBeGreaterThan(0);
  });

  it('names a missing key variable in one line, and rejects a malformed provider argument', async () => {
    const missing = await cliWithEnvironment(environment, 'compact', session, '--main', `openai:mock-ok@${mock.url}/v1`, '--key-env', 'MOCK_KEY_NOT_SET');
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual(['compaction-lab: environment variable MOCK_KEY_NOT_SET is not set (it should hold the openai API key)']);
    const malformed = await cliWithEnvironment(environment, 'compact', session, '--main', 'azure:gpt-4o', '--key-env', 'MOCK_KEY');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--main: unknown provider "azure"');
    expect(mock.requests).toHaveLength(0);
  });
});
