import { describe, expect, it } from 'vitest';
import { twoMockOrigins } from './two-origins.test-support';
import { redirectOf } from './mock-redirect';
import { testKey } from './mock-llm.test-support';

// The mock's redirect paths (issue 14): `/__redirect/STATUS/TARGET/rest…` answers STATUS with a Location on the same
// origin (`same`) or on another one (`host:port`, e.g. a second mock on 127.0.0.2), for model lists and generate calls alike.

describe('redirectOf', () => {
  it('reads the status and target, keeps the rest of the path and the query, and nests', () => {
    expect(redirectOf('/__redirect/307/127.0.0.2:4011/v1/messages')).toEqual({ status: 307, location: 'http://127.0.0.2:4011/v1/messages' });
    expect(redirectOf('/__redirect/308/same/v1beta/models/m:streamGenerateContent?alt=sse')).toEqual({ status: 308, location: '/v1beta/models/m:streamGenerateContent?alt=sse' });
    expect(redirectOf('/__redirect/302/same/__redirect/303/same/v1/models')).toEqual({ status: 302, location: '/__redirect/303/same/v1/models' });
    expect(redirectOf('/__redirect/301/same')).toEqual({ status: 301, location: '/' });
  });

  it('leaves every other path alone, and a status that is not a redirect', () => {
    for (const path of ['/v1/models', '/__redirect/200/same/v1', '/__redirect/307', '/x/__redirect/307/same/v1']) expect(redirectOf(path)).toBeUndefined();
  });
});

describe('the mock redirecting over HTTP', () => {
  const origins = twoMockOrigins();

  it('answers a POST with the redirect (recorded, key and all) and serves the target on the second origin', async () => {
    const target = origins.secondHost();
    const body = JSON.stringify({ model: 'mock-ok', messages: [{ role: 'user', content: 'hi' }] });
    const response = await fetch(`${origins.first.url}/__redirect/307/${target}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${testKey}`, 'content-type': 'application/json' }, body, redirect: 'manual',
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${origins.second.url}/v1/chat/completions`);
    expect(origins.first.requests).toEqual([expect.objectContaining({ method: 'POST', status: 307, authorization: `Bearer ${testKey}` })]);
    expect(origins.second.requests).toEqual([]);
  });

  it('redirects a model list within its own origin, where it is then served', async () => {
    const response = await fetch(`${origins.first.url}/__redirect/308/same/v1/models`);
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(true);
    expect(origins.first.requests.map((request) => [request.path, request.status])).toEqual([
      ['/__redirect/308/same/v1/models', 308],
      ['/v1/models', 200],
    ]);
  });
});
