import { describe, expect, it } from 'vitest';
import { twoMockOrigins } from '../../e2e/mock-llm/two-origins.test-support';
import { secretKey } from '../providers/live/live-summarizer.test-support';
import { testProviderConnection } from './provider-connection';

// Issue 14, items 1 and 2, for "Test connection": the model list request never follows a redirect to another origin.

const origins = twoMockOrigins();

describe('testProviderConnection and redirects', () => {
  it.each(['anthropic', 'google', 'openai'] as const)('%s: a redirect to another host is refused with both hosts named; the key goes nowhere else', async (provider) => {
    const path = provider === 'google' ? '/v1beta' : '/v1';
    const spec = { provider, model: 'mock-ok', baseURL: `${origins.first.url}/__redirect/307/${origins.secondHost()}${path}` };
    const result = await testProviderConnection(spec, secretKey);
    expect(result).toMatchObject({
      ok: false, problem: 'http', message: 'Refused a redirect from 127.0.0.1 to 127.0.0.2 (an API key goes only to the host it was entered for).',
      request: { host: origins.firstHost(), status: 307, hasKey: true },
    });
    expect(origins.second.requests).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(secretKey);
  });

  it('follows a same-origin redirect to the model list and records the host and status that answered', async () => {
    const result = await testProviderConnection({ provider: 'anthropic', model: 'mock-ok', baseURL: `${origins.first.url}/__redirect/301/same/v1` }, secretKey);
    expect(result).toMatchObject({ ok: true, request: { host: origins.firstHost(), status: 200 } });
    expect(origins.first.requests.map((request) => [request.path, request.status, request.authorization])).toEqual([
      ['/__redirect/301/same/v1/models', 301, secretKey],
      ['/v1/models', 200, secretKey],
    ]);
  });
});
