import { defaultBaseUrls } from '../providers/live/provider-spec';
import { connectSourcesAllow, connectSourcesOf } from './connect-sources';

/** The localStorage key holding the endpoint origins the user allowed, as a JSON array of origins. */
export const endpointsStorageKey = 'compaction-lab/endpoints';

/** The most saved endpoints the page's policy takes, so a runaway list cannot bloat every page load. */
export const endpointLimit = 64;

/**
 * What a saved endpoint must look like: `http(s)://host[:port]` and nothing more. localStorage is outside input and
 * this text goes into the page's policy, where a quote, space, `*` or `;` would add sources or directives.
 */
const endpointOriginPattern = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * Where the page may always connect: itself, each known provider's default host (from `defaultBaseUrls`), and the
 * local servers people run models on (Ollama, LM Studio, vLLM, the mock provider) on any port. No `[::1]`: CSP's
 * grammar has no IPv6 literals and Chromium drops such a source as invalid; `localhost` covers a server on ::1.
 */
export const builtInConnectSources: readonly string[] = [
  "'self'",
  ...new Set(Object.values(defaultBaseUrls).flatMap((url) => (url ? [new URL(url).origin] : []))),
  'http://localhost:*',
  'http://127.0.0.1:*',
];

/** The origin itself when `text` is a canonical `http(s)://host[:port]` origin fit for the policy, else undefined. */
export function endpointOriginOf(text: unknown): string | undefined {
  if (typeof text !== 'string' || !endpointOriginPattern.test(text)) return undefined;
  try {
    return new URL(text).origin === text ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The valid, distinct origins in a stored endpoint list (the raw localStorage text), at most `endpointLimit`. */
export function endpointsIn(stored: string | null): string[] {
  let list: unknown;
  try {
    list = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const origins = list.map(endpointOriginOf).filter((origin): origin is string => origin !== undefined);
  return [...new Set(origins)].slice(0, endpointLimit);
}

/**
 * The classic script the build puts in <head> before any module: it reads the saved endpoints and adds a meta policy
 * whose connect-src is the built-in sources plus those endpoints. It must run first because a later policy can only
 * narrow what an earlier one allows. It mirrors `endpointsIn` (the tests hold the two to the same answers), and
 * always writes the policy, so unreadable storage leaves the built-in sources rather than no limit.
 */
export function endpointPolicyScript(): string {
  return `(() => {
  const sources = ${JSON.stringify(builtInConnectSources)};
  const pattern = new RegExp(${JSON.stringify(endpointOriginPattern.source)});
  const canonical = (origin) => {
    try {
      return typeof origin === 'string' && pattern.test(origin) && new URL(origin).origin === origin;
    } catch {
      return false;
    }
  };
  const saved = [];
  try {
    const list = JSON.parse(localStorage.getItem(${JSON.stringify(endpointsStorageKey)}) ?? '[]');
    for (const origin of Array.isArray(list) ? list : []) {
      if (saved.length < ${endpointLimit} && canonical(origin) && !saved.includes(origin)) saved.push(origin);
    }
  } catch {}
  for (const origin of saved) if (!sources.includes(origin)) sources.push(origin);
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = 'connect-src ' + sources.join(' ');
  document.head.appendChild(meta);
})();`;
}

/**
 * Whether every Content-Security-Policy meta tag in the page's <head> lets a fetch reach `url` (policies intersect,
 * and a worker made from a blob: URL obeys the same ones). True when the page has no policy, as under the dev server;
 * false for a URL that does not parse.
 */
export function isConnectAllowed(url: string): boolean {
  if (!canParse(url)) return false;
  const metas = document.head.querySelectorAll<HTMLMetaElement>('meta[http-equiv]');
  return [...metas]
    .filter((meta) => meta.httpEquiv.toLowerCase() === 'content-security-policy')
    .every((meta) => {
      const sources = connectSourcesOf(meta.content);
      return sources === undefined || connectSourcesAllow(sources, url, window.location.origin);
    });
}

function canParse(url: string): boolean {
  try {
    return Boolean(new URL(url));
  } catch {
    return false;
  }
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(endpointsStorageKey);
  } catch {
    return null;
  }
}

function writeEndpoints(origins: string[]): void {
  try {
    window.localStorage.setItem(endpointsStorageKey, JSON.stringify(origins));
  } catch {
    throw new Error('This browser would not save the endpoint list (storage is blocked or full).');
  }
}

/** The endpoint origins the user allowed, as the page's policy reads them on load (invalid entries left out). */
export function savedEndpoints(): string[] {
  return endpointsIn(readStored());
}

/**
 * Saves `url`'s origin to the endpoint list the policy reads on the next load, and returns that origin. The page must
 * reload before fetches may go there. Throws a plain Error, naming at most the scheme or origin (never a path, query or
 * credentials), for a URL that is not http(s), cannot go in a policy, or would pass `endpointLimit`.
 */
export function allowEndpoint(url: string): string {
  if (!canParse(url)) throw new Error('That endpoint is not a URL; give it as http://host:port or https://host.');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Only http:// and https:// endpoints can be allowed, not ${parsed.protocol}//.`);
  }
  const origin = endpointOriginOf(parsed.origin);
  if (origin === undefined) throw new Error(`${parsed.origin} cannot be written into the page's security policy; use a host name or IPv4 address.`);
  const saved = savedEndpoints();
  if (saved.includes(origin)) return origin;
  if (saved.length >= endpointLimit) throw new Error(`${endpointLimit} endpoints are allowed already; forget one first.`);
  writeEndpoints([...saved, origin]);
  return origin;
}

/** Removes an origin from the endpoint list; the page's policy drops it on the next load. */
export function forgetEndpoint(origin: string): void {
  const saved = savedEndpoints();
  if (saved.includes(origin)) writeEndpoints(saved.filter((entry) => entry !== origin));
}
