import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultBaseUrls } from '../providers/live/provider-spec';
import {
  allowEndpoint,
  builtInConnectSources,
  endpointLimit,
  endpointOriginOf,
  endpointPolicyScript,
  endpointsIn,
  endpointsStorageKey,
  forgetEndpoint,
  isConnectAllowed,
  savedEndpoints,
} from './connect-policy';

/** An in-memory Storage stand-in; `broken` makes every call throw, as a browser with storage blocked does. */
function fakeStorage(initial: Record<string, string> = {}, broken = false) {
  const items = new Map(Object.entries(initial));
  const guard = () => {
    if (broken) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    items,
    getItem: (key: string) => (guard(), items.get(key) ?? null),
    setItem: (key: string, value: string) => (guard(), void items.set(key, value)),
  };
}

/** Runs the head script against fake storage and a fake <head>, returning the policies it wrote. */
function runScript(storage: ReturnType<typeof fakeStorage>): string[] {
  const written: string[] = [];
  const fakeDocument = {
    createElement: () => ({ httpEquiv: '', content: '' }),
    head: { appendChild: (meta: { httpEquiv: string; content: string }) => written.push(`${meta.httpEquiv}: ${meta.content}`) },
  };
  new Function('localStorage', 'document', endpointPolicyScript())(storage, fakeDocument);
  return written;
}

const injections = ["http://evil.example 'unsafe-inline'", 'http://a.example; script-src *', 'https://*.example.com', 'javascript:alert(1)'];

describe('the endpoint list', () => {
  it('starts from self, every known provider host and local servers on any port', () => {
    for (const url of Object.values(defaultBaseUrls)) if (url) expect(builtInConnectSources).toContain(new URL(url).origin);
    expect(builtInConnectSources).toEqual(expect.arrayContaining(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']));
  });

  it('takes only canonical http(s)://host[:port] origins', () => {
    for (const good of ['http://127.0.0.2:4010', 'https://gpu.example', 'http://my-box.lan:11434']) expect(endpointOriginOf(good)).toBe(good);
    const bad = [...injections, 'http://gpu.example/v1', 'http://gpu.example/', 'HTTP://GPU.example', 'http://gpu.example:80', 'http://user:pw@gpu.example', 'http://[::1]:8000', 'http://gpu.example:99999', 'ftp://gpu.example', 42, null];
    for (const entry of bad) expect(endpointOriginOf(entry)).toBeUndefined();
  });

  it('reads stored text leniently: invalid entries and duplicates dropped, garbage read as empty, the list capped', () => {
    expect(endpointsIn(JSON.stringify(['http://a.example:1', ...injections, 'http://a.example:1', 'https://b.example']))).toEqual(['http://a.example:1', 'https://b.example']);
    expect(endpointsIn('{not json')).toEqual([]);
    expect(endpointsIn('{"0":"http://a.example"}')).toEqual([]);
    expect(endpointsIn(null)).toEqual([]);
    const many = Array.from({ length: endpointLimit + 5 }, (_, index) => `http://host${index}.example`);
    expect(endpointsIn(JSON.stringify(many))).toEqual(many.slice(0, endpointLimit));
  });
});

describe('endpointPolicyScript', () => {
  it('writes one connect-src policy: the built-in sources plus exactly what endpointsIn reads', () => {
    const many = Array.from({ length: endpointLimit + 3 }, (_, index) => `http://host${index}.example`);
    for (const list of [['http://127.0.0.2:4010', ...injections, 'https://api.openai.com', 'http://127.0.0.2:4010'], many, ['http://gpu.example:99999']]) {
      const stored = JSON.stringify(list);
      const expected = [...new Set([...builtInConnectSources, ...endpointsIn(stored)])];
      expect(runScript(fakeStorage({ [endpointsStorageKey]: stored }))).toEqual([`Content-Security-Policy: connect-src ${expected.join(' ')}`]);
    }
  });

  it('still writes the built-in policy when storage is blocked or holds garbage', () => {
    const builtIn = [`Content-Security-Policy: connect-src ${builtInConnectSources.join(' ')}`];
    expect(runScript(fakeStorage({}, true))).toEqual(builtIn);
    expect(runScript(fakeStorage({ [endpointsStorageKey]: '"http://a.example"' }))).toEqual(builtIn);
  });
});

describe('in the page', () => {
  let storage: ReturnType<typeof fakeStorage>;
  let policies: string[];
  beforeEach(() => {
    storage = fakeStorage();
    policies = [];
    vi.stubGlobal('window', { localStorage: storage, location: { origin: 'http://localhost:4173' } });
    vi.stubGlobal('document', {
      head: { querySelectorAll: () => policies.map((content) => ({ httpEquiv: 'Content-Security-Policy', content })) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('allows everything with no policy, and otherwise only what every policy allows', () => {
    expect(isConnectAllowed('http://127.0.0.2:4010/v1')).toBe(true);
    policies = ["default-src 'self'; connect-src 'self' http: https:", `connect-src ${builtInConnectSources.join(' ')}`];
    expect(isConnectAllowed('https://api.anthropic.com/v1/messages')).toBe(true);
    expect(isConnectAllowed('http://localhost:11434/api/tags')).toBe(true);
    expect(isConnectAllowed('http://127.0.0.2:4010/v1')).toBe(false);
    expect(isConnectAllowed('ftp://localhost:21/')).toBe(false);
    expect(isConnectAllowed('not a url')).toBe(false);
  });

  it('saves an endpoint as its bare origin, once, and forgets it', () => {
    expect(allowEndpoint('http://127.0.0.2:4010/v1/chat?x=1')).toBe('http://127.0.0.2:4010');
    expect(allowEndpoint('http://127.0.0.2:4010/other')).toBe('http://127.0.0.2:4010');
    expect(allowEndpoint('https://gpu.example:443/v1')).toBe('https://gpu.example');
    expect(savedEndpoints()).toEqual(['http://127.0.0.2:4010', 'https://gpu.example']);
    expect(JSON.parse(storage.items.get(endpointsStorageKey) ?? '')).toEqual(['http://127.0.0.2:4010', 'https://gpu.example']);
    forgetEndpoint('http://127.0.0.2:4010');
    expect(savedEndpoints()).toEqual(['https://gpu.example']);
  });

  it('refuses what cannot be an endpoint, without repeating credentials, paths or queries', () => {
    const secret = 'sk-do-not-echo-1234';
    for (const url of [`ftp://me:${secret}@host.example/`, `file:///home/${secret}`, `javascript:${secret}`, `not a url ${secret}`, `http://[::1]:8000/?key=${secret}`]) {
      expect(() => allowEndpoint(url)).toThrowError(Error);
      try {
        allowEndpoint(url);
      } catch (error) {
        expect((error as Error).message).not.toContain(secret);
      }
    }
    expect(storage.items.has(endpointsStorageKey)).toBe(false);
  });

  it('says plainly when the list is full or storage will not take it', () => {
    storage.items.set(endpointsStorageKey, JSON.stringify(Array.from({ length: endpointLimit }, (_, index) => `http://host${index}.example`)));
    expect(() => allowEndpoint('http://one-more.example')).toThrowError(/forget one first/);
    vi.stubGlobal('window', { localStorage: fakeStorage({}, true), location: { origin: 'http://localhost:4173' } });
    expect(savedEndpoints()).toEqual([]);
    expect(() => allowEndpoint('http://gpu.example')).toThrowError(/storage is blocked or full/);
  });
});
