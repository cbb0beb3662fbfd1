import { describe, expect, it } from 'vitest';
import { connectSourcesAllow, connectSourcesOf } from './connect-sources';

const page = 'http://localhost:4173';

describe('connectSourcesOf', () => {
  it('reads connect-src, whatever its case and spacing', () => {
    expect(connectSourcesOf("default-src 'self';  Connect-Src 'self'   https://a.example ; img-src data:")).toEqual(["'self'", 'https://a.example']);
  });

  it('falls back to default-src, and to no limit when neither is there', () => {
    expect(connectSourcesOf("default-src 'self'; img-src data:")).toEqual(["'self'"]);
    expect(connectSourcesOf('img-src data:; object-src none')).toBeUndefined();
  });

  it('ignores a repeated directive, as browsers do', () => {
    expect(connectSourcesOf("connect-src 'self'; connect-src *")).toEqual(["'self'"]);
  });
});

describe('connectSourcesAllow', () => {
  it("lets 'self' reach the page's own origin only (or its https upgrade on default ports)", () => {
    expect(connectSourcesAllow(["'self'"], 'http://localhost:4173/samples/a.json', page)).toBe(true);
    expect(connectSourcesAllow(["'self'"], 'http://localhost:4010/v1', page)).toBe(false);
    expect(connectSourcesAllow(["'self'"], 'https://lab.example/x', 'http://lab.example')).toBe(true);
    expect(connectSourcesAllow(["'self'"], 'https://other.example/x', 'http://lab.example')).toBe(false);
  });

  it('matches an exact origin on its default port, with any path', () => {
    const sources = ['https://api.openai.com'];
    expect(connectSourcesAllow(sources, 'https://api.openai.com/v1/chat/completions', page)).toBe(true);
    expect(connectSourcesAllow(sources, 'https://api.openai.com:8443/v1', page)).toBe(false);
    expect(connectSourcesAllow(sources, 'http://api.openai.com/v1', page)).toBe(false);
    expect(connectSourcesAllow(sources, 'https://evil.api.openai.com.example/v1', page)).toBe(false);
  });

  it('lets an http source match its https upgrade, but not the reverse', () => {
    expect(connectSourcesAllow(['http://gpu.local:8000'], 'https://gpu.local:8000/v1', page)).toBe(true);
    expect(connectSourcesAllow(['https://gpu.local:8000'], 'http://gpu.local:8000/v1', page)).toBe(false);
  });

  it('matches any port for a `*` port and only the named port otherwise', () => {
    expect(connectSourcesAllow(['http://localhost:*'], 'http://localhost:11434/api/tags', page)).toBe(true);
    expect(connectSourcesAllow(['http://127.0.0.1:*'], 'http://127.0.0.2:4010/v1', page)).toBe(false);
    expect(connectSourcesAllow(['http://127.0.0.2:4010'], 'http://127.0.0.2:4010/v1', page)).toBe(true);
    expect(connectSourcesAllow(['http://127.0.0.2:4010'], 'http://127.0.0.2:4011/v1', page)).toBe(false);
  });

  it('uses the page scheme for a source without one', () => {
    expect(connectSourcesAllow(['gpu.local:8000'], 'http://gpu.local:8000/', page)).toBe(true);
    expect(connectSourcesAllow(['gpu.local:8000'], 'http://gpu.local:8000/', 'https://lab.example')).toBe(false);
  });

  it('lets scheme sources and `*` through, and `*.` hosts cover subdomains, not the name itself or IPs', () => {
    expect(connectSourcesAllow(['https:'], 'https://anything.example/', page)).toBe(true);
    expect(connectSourcesAllow(['https:'], 'http://anything.example/', page)).toBe(false);
    expect(connectSourcesAllow(['http:'], 'https://anything.example/', page)).toBe(true);
    expect(connectSourcesAllow(['*'], 'http://10.0.0.5:8000/', page)).toBe(true);
    expect(connectSourcesAllow(['https://*.example.com'], 'https://a.b.example.com/', page)).toBe(true);
    expect(connectSourcesAllow(['https://*.example.com'], 'https://example.com/', page)).toBe(false);
  });

  it('honours a path: a trailing slash is a prefix, otherwise the exact path', () => {
    expect(connectSourcesAllow(['https://gw.example/v1/'], 'https://gw.example/v1/models', page)).toBe(true);
    expect(connectSourcesAllow(['https://gw.example/v1/'], 'https://gw.example/v2/models', page)).toBe(false);
    expect(connectSourcesAllow(['https://gw.example/v1/models'], 'https://gw.example/v1/models', page)).toBe(true);
    expect(connectSourcesAllow(['https://gw.example/v1/models'], 'https://gw.example/v1/chat', page)).toBe(false);
  });

  it("allows nothing for 'none', other keywords, IPv6 sources (which Chromium drops) or a URL that does not parse", () => {
    expect(connectSourcesAllow(["'none'"], 'http://localhost:4173/', page)).toBe(false);
    expect(connectSourcesAllow(["'unsafe-inline'", "'sha256-abc='"], 'http://localhost:4173/', page)).toBe(false);
    expect(connectSourcesAllow(['http://[::1]:*'], 'http://[::1]:11434/', page)).toBe(false);
    expect(connectSourcesAllow(['*'], 'not a url', page)).toBe(false);
  });
});
