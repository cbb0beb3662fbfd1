import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTransientText } from '../../engine/profiles/auto-compactor/transient';
import { maxRedirectHops, originBoundFetch, RedirectRefusedError, type AnsweredRequest } from './origin-bound-fetch';

const key = 'sk-ant-redirect-test-0123456789';

/** One request the fake platform fetch received. */
interface Sent {
  url: string;
  method: string;
  body: string | undefined;
  headers: Headers;
  redirect: RequestRedirect | undefined;
}

/** A platform fetch that answers each URL from `routes` (a 404 for others) and records what it was sent. */
function fakeFetch(routes: Record<string, () => Response>): { fetch: typeof globalThis.fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    sent.push({ url, method: init?.method ?? 'GET', body: init?.body === undefined ? undefined : String(init.body), headers: new Headers(init?.headers), redirect: init?.redirect });
    return routes[url]?.() ?? new Response('not found', { status: 404 });
  };
  return { fetch, sent };
}

const redirect = (status: number, location: string) => () => new Response(null, { status, headers: { location } });
const answer = () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
const post = { method: 'POST', body: '{"model":"m"}', headers: { 'x-api-key': key, 'content-type': 'application/json' } };

/** What a call through the guard ends with: the response, or the error it threw. */
async function outcome(call: Promise<Response>): Promise<Response | Error> {
  return call.catch((error: unknown) => error as Error);
}

describe('originBoundFetch: a key never follows a redirect to another origin', () => {
  it('refuses a 307 to another host, naming both hosts, and sends nothing there', async () => {
    const { fetch, sent } = fakeFetch({ 'https://api.anthropic.com/v1/messages': redirect(307, 'https://collector.example/v1/messages') });
    const error = await outcome(originBoundFetch(fetch)('https://api.anthropic.com/v1/messages', post));
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({
      message: 'refused a redirect from api.anthropic.com to collector.example (an API key goes only to the host it was entered for)',
      fromHost: 'api.anthropic.com', toHost: 'collector.example', status: 307,
    });
    expect(sent.map((request) => request.url)).toEqual(['https://api.anthropic.com/v1/messages']);
    expect(sent[0].redirect).toBe('manual');
  });

  it.each([301, 302, 303, 307, 308])('refuses a %i to another origin', async (status) => {
    const { fetch, sent } = fakeFetch({ 'https://api.openai.com/v1/chat/completions': redirect(status, 'https://elsewhere.example/x') });
    await expect(originBoundFetch(fetch)('https://api.openai.com/v1/chat/completions', post)).rejects.toThrow('from api.openai.com to elsewhere.example');
    expect(sent).toHaveLength(1);
  });

  it('counts a change of scheme or of port as another origin, and says which without printing the port', async () => {
    const { fetch } = fakeFetch({
      'https://gpu.example/v1/models': redirect(308, 'http://gpu.example/v1/models'),
      'http://127.0.0.1:4010/v1/models': redirect(307, 'http://127.0.0.1:45123/v1/models'),
    });
    const guarded = originBoundFetch(fetch);
    await expect(guarded('https://gpu.example/v1/models')).rejects.toThrow('refused a redirect from https://gpu.example to http://gpu.example');
    const portChange = await outcome(guarded('http://127.0.0.1:4010/v1/models'));
    expect(portChange).toMatchObject({ message: expect.stringContaining('from 127.0.0.1 to another port on 127.0.0.1'), toHost: '127.0.0.1:45123' });
    // The engine's seed rule retries any text with a 5xx-looking number: a port like 45123 must not make it retryable.
    expect(isTransientText((portChange as Error).message)).toBe(false);
  });

  it('follows a same-origin redirect with the same method, body and headers, and reports each answer', async () => {
    const { fetch, sent } = fakeFetch({
      'http://127.0.0.1:4010/v1/messages': redirect(307, '/v2/messages?beta=1'),
      'http://127.0.0.1:4010/v2/messages?beta=1': answer,
    });
    const answers: AnsweredRequest[] = [];
    const response = await originBoundFetch(fetch, (answered) => answers.push(answered))('http://127.0.0.1:4010/v1/messages', post);
    expect(response.status).toBe(200);
    expect(sent.map((request) => [request.url, request.method, request.body, request.headers.get('x-api-key'), request.redirect])).toEqual([
      ['http://127.0.0.1:4010/v1/messages', 'POST', post.body, key, 'manual'],
      ['http://127.0.0.1:4010/v2/messages?beta=1', 'POST', post.body, key, 'manual'],
    ]);
    expect(answers.map((answered) => [answered.url.href, answered.status])).toEqual([
      ['http://127.0.0.1:4010/v1/messages', 307],
      ['http://127.0.0.1:4010/v2/messages?beta=1', 200],
    ]);
  });

  it('turns a 303 after a POST into a bodiless GET, as the Fetch standard does', async () => {
    const { fetch, sent } = fakeFetch({ 'https://a.example/v1/x': redirect(303, 'https://a.example/v1/y'), 'https://a.example/v1/y': answer });
    await originBoundFetch(fetch)('https://a.example/v1/x', post);
    expect(sent[1]).toMatchObject({ url: 'https://a.example/v1/y', method: 'GET', body: undefined });
    expect(sent[1].headers.get('content-type')).toBeNull();
    expect(sent[1].headers.get('x-api-key')).toBe(key);
  });

  it(`follows at most ${maxRedirectHops} same-origin hops, then refuses the loop`, async () => {
    const { fetch, sent } = fakeFetch({ 'https://a.example/loop': redirect(302, '/loop') });
    await expect(originBoundFetch(fetch)('https://a.example/loop')).rejects.toThrow(`refused to follow more than ${maxRedirectHops} redirects within a.example`);
    expect(sent).toHaveLength(maxRedirectHops + 1);
  });

  it('passes through answers that are not followable redirects (no Location, or 304)', async () => {
    const { fetch } = fakeFetch({ 'https://a.example/a': () => new Response(null, { status: 302 }), 'https://a.example/b': () => new Response(null, { status: 304, headers: { location: 'https://b.example/' } }) });
    const guarded = originBoundFetch(fetch);
    expect((await guarded('https://a.example/a')).status).toBe(302);
    expect((await guarded('https://a.example/b')).status).toBe(304);
  });

  it('refuses every redirect a browser hides (an opaque redirect: no status, no Location)', async () => {
    const opaque = () => Object.defineProperties(new Response(null), { type: { value: 'opaqueredirect' }, status: { value: 0 } });
    const { fetch } = fakeFetch({ 'https://api.anthropic.com/v1/messages': opaque });
    const answers: AnsweredRequest[] = [];
    const error = await outcome(originBoundFetch(fetch, (answered) => answers.push(answered))('https://api.anthropic.com/v1/messages', post));
    expect(error).toMatchObject({ name: 'RedirectRefusedError', fromHost: 'api.anthropic.com', toHost: undefined, status: null });
    expect((error as Error).message).toContain('refused a redirect from api.anthropic.com: the browser hides where it leads');
    expect(answers.map((answered) => answered.status)).toEqual([null]);
  });

  it('refuses an answer from another origin when the platform followed a redirect anyway, and names the host that answered', async () => {
    const followedAnyway = () => Object.defineProperties(answer(), { url: { value: 'https://collector.example/v1/messages' }, redirected: { value: true } });
    const { fetch } = fakeFetch({ 'https://api.anthropic.com/v1/messages': followedAnyway });
    const answers: AnsweredRequest[] = [];
    await expect(originBoundFetch(fetch, (answered) => answers.push(answered))('https://api.anthropic.com/v1/messages', post)).rejects.toThrow(
      'from api.anthropic.com to collector.example',
    );
    expect(answers.map((answered) => answered.url.host)).toEqual(['collector.example']);
  });

  it('reads a Request object (method, headers, body) and can repeat it on a same-origin hop', async () => {
    const { fetch, sent } = fakeFetch({ 'https://a.example/v1/x': redirect(308, '/v1/y'), 'https://a.example/v1/y': answer });
    await originBoundFetch(fetch)(new Request('https://a.example/v1/x', post));
    expect(sent.map((request) => [request.url, request.method, request.body])).toEqual([
      ['https://a.example/v1/x', 'POST', '[object ArrayBuffer]'],
      ['https://a.example/v1/y', 'POST', '[object ArrayBuffer]'],
    ]);
  });

  it('refuses a cross-origin redirect wherever it points, and never puts the key in the message (property)', async () => {
    const hostname = fc.constantFrom('api.openai.com', 'api.anthropic.com', '127.0.0.1', '127.0.0.2', 'gpu.example', 'localhost');
    const origin = fc.record({ scheme: fc.constantFrom('http', 'https'), hostname, port: fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }) });
    const text = ({ scheme, hostname: name, port }: { scheme: string; hostname: string; port?: number }) => `${scheme}://${name}${port === undefined ? '' : `:${port}`}`;
    await fc.assert(
      fc.asyncProperty(origin, origin, fc.constantFrom(301, 302, 303, 307, 308), fc.webPath(), async (from, to, status, path) => {
        const start = `${text(from)}/v1/messages`;
        const target = new URL(`${text(to)}/${path.replace(/^\/+/, '')}?key=${key}`);
        const { fetch, sent } = fakeFetch({ [new URL(start).href]: redirect(status, target.href), [target.href]: answer });
        const result = await outcome(originBoundFetch(fetch)(start, post));
        if (new URL(start).origin === target.origin) {
          expect(result).toBeInstanceOf(Response);
          return;
        }
        expect(result).toBeInstanceOf(RedirectRefusedError);
        expect(sent).toHaveLength(1);
        expect((result as Error).message).not.toContain(key);
        expect((result as Error).message).toContain(new URL(start).hostname);
        expect((result as Error).message).toContain(target.hostname);
      }),
      { seed: 1414, numRuns: 300 },
    );
  });
});
