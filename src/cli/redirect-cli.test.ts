import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { twoMockOrigins } from '../../e2e/mock-llm/two-origins.test-support';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { cliWithEnvironment } from './cli.test-support';

// Issue 14, items 1 and 2, through the real binary: the configured host redirects to a second loopback address.

describe('compaction-lab compact when a provider redirects', () => {
  const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
  const key = 'sk-ant-cli-redirect-7f6e5d4c3b2a';
  const environment = { ...process.env, MOCK_KEY: key };
  const origins = twoMockOrigins();
  const toSecond = () => `/__redirect/307/${origins.secondHost()}`;
  const compact = (...providers: string[]) => cliWithEnvironment(environment, 'compact', session, '--window', '60000', '--json', '--key-env', 'MOCK_KEY', ...providers);

  it('refuses a redirect to another host for any provider, names both hosts, and calls the next rung; the key never leaves for the second host', async () => {
    const result = await compact('--smol', `openai:mock-ok@${origins.first.url}${toSecond()}/v1`, '--main', `anthropic:mock-ok@${origins.first.url}/__redirect/307/same/v1`);
    const output = JSON.parse(result.stdout);
    const refusal = 'refused a redirect from 127.0.0.1 to 127.0.0.2 (an API key goes only to the host it was entered for)';
    expect(output.attempts.slice(0, 2)).toEqual([
      expect.objectContaining({ label: expect.stringMatching(/^smol=openai:mock-ok@/), ok: false, retryable: false, error: `ProviderCallError: ${refusal}` }),
      expect.objectContaining({ label: expect.stringMatching(/^main=anthropic:mock-ok@/), ok: true }),
    ]);
    expect(output.passes[0]).toMatchObject({ strategy: 'llm-summary', fallback: 'main', ok: true });
    // Each call names the host that answered it: the refusal with its 307, the same-origin hop with the final 200.
    const host = origins.firstHost();
    expect(output.calls.slice(0, 2)).toEqual([
      expect.objectContaining({ role: 'smol', provider: 'openai', host, status: 307, ok: false, costUsd: 0, error: refusal }),
      expect.objectContaining({ role: 'main', provider: 'anthropic', host, status: 200, ok: true }),
    ]);
    expect(origins.second.requests).toEqual([]);
    expect(origins.first.requests.every((request) => request.authorization?.replace(/^Bearer /, '') === key)).toBe(true);
    expect(result.stdout + result.stderr).not.toContain(key);
  });

  it('with the only rung redirected elsewhere (Anthropic, whose x-api-key a platform fetch would carry along), trims locally and sends nothing on', async () => {
    const result = await compact('--main', `anthropic:mock-ok@${origins.first.url}${toSecond()}/v1`);
    const output = JSON.parse(result.stdout);
    expect(output.passes[0]).toMatchObject({ strategy: 'local-trim', fallback: 'local-trim' });
    expect(output.calls).toEqual([expect.objectContaining({ provider: 'anthropic', host: origins.firstHost(), status: 307, ok: false, error: expect.stringContaining('from 127.0.0.1 to 127.0.0.2') })]);
    // The refused call generated nothing, so the run's cost is known: zero.
    expect(output.usage).toEqual({ inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(origins.first.requests).toEqual([expect.objectContaining({ method: 'POST', status: 307, authorization: key })]);
    expect(origins.second.requests).toEqual([]);
    expect(result.stdout + result.stderr).not.toContain(key);
  });
});
