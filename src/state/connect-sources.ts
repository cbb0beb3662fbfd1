/** Default ports of the schemes a policy can let a page connect to; a URL without a port uses these. */
const defaultPorts: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

/**
 * A host-source: `[scheme://]host[:port][/path]`, where host may be `*` or `*.domain`. CSP's grammar has no IPv6
 * literals and Chromium ignores a `[::1]` source, so none parses here either.
 */
const hostSourcePattern = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\*|\d+))?(\/[^?#]*)?$/i;

/** A scheme-source such as `https:`. */
const schemeSourcePattern = /^([a-z][a-z0-9+.-]*):$/i;

/**
 * The sources a Content-Security-Policy gives fetches: its `connect-src`, else its `default-src` (the fallback CSP
 * defines), else undefined when the policy does not limit connections at all. A repeated directive is ignored, as
 * browsers ignore it.
 */
export function connectSourcesOf(policy: string): string[] | undefined {
  const directives = new Map<string, string[]>();
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, sources);
  }
  return directives.get('connect-src') ?? directives.get('default-src');
}

/** CSP's scheme matching, which lets a secure scheme stand in for its insecure source (http: also matches https:). */
function schemeMatches(sourceScheme: string, urlScheme: string): boolean {
  if (sourceScheme === urlScheme) return true;
  if (sourceScheme === 'http') return urlScheme === 'https';
  if (sourceScheme === 'ws') return ['wss', 'http', 'https'].includes(urlScheme);
  if (sourceScheme === 'wss') return urlScheme === 'https';
  return false;
}

function hostMatches(sourceHost: string, urlHost: string): boolean {
  if (sourceHost === '*') return true;
  // CSP wildcards cover subdomains of a name, never IP addresses.
  if (sourceHost.startsWith('*.')) return !/^[\d.]+$|^\[/.test(urlHost) && urlHost.endsWith(sourceHost.slice(1));
  return sourceHost === urlHost;
}

function portMatches(sourcePort: string | undefined, url: URL, urlScheme: string): boolean {
  if (sourcePort === '*') return true;
  const urlPort = url.port || defaultPorts[urlScheme];
  if (sourcePort === undefined) return url.port === '';
  // An upgraded request to the default secure port still matches its insecure source's default port.
  return sourcePort === urlPort || (sourcePort === '80' && urlPort === '443');
}

function pathMatches(sourcePath: string | undefined, url: URL): boolean {
  if (!sourcePath || sourcePath === '/') return true;
  const path = decodeURIComponent(url.pathname);
  const wanted = decodeURIComponent(sourcePath);
  return wanted.endsWith('/') ? path.startsWith(wanted) : path === wanted;
}

function selfMatches(url: URL, page: URL, urlScheme: string): boolean {
  if (url.origin === page.origin) return true;
  const pageScheme = page.protocol.slice(0, -1);
  const upgraded = pageScheme === 'http' && (urlScheme === 'https' || urlScheme === 'wss');
  const portsDefault = url.port === '' && page.port === '';
  return upgraded && url.hostname === page.hostname && (portsDefault || url.port === page.port);
}

function sourceMatches(source: string, url: URL, page: URL): boolean {
  const urlScheme = url.protocol.slice(0, -1);
  const lowered = source.toLowerCase();
  if (lowered === "'self'") return selfMatches(url, page, urlScheme);
  if (lowered === '*') return urlScheme in defaultPorts || url.protocol === page.protocol;
  const scheme = schemeSourcePattern.exec(lowered);
  if (scheme) return schemeMatches(scheme[1], urlScheme);
  const host = hostSourcePattern.exec(source);
  if (!host) return false;
  const [, sourceScheme, sourceHost, sourcePort, sourcePath] = host;
  if (!schemeMatches(sourceScheme?.toLowerCase() ?? page.protocol.slice(0, -1), urlScheme)) return false;
  return hostMatches(sourceHost.toLowerCase(), url.hostname) && portMatches(sourcePort, url, urlScheme) && pathMatches(sourcePath, url);
}

/**
 * Whether a source list (one directive's values, e.g. from `connectSourcesOf`) lets a page at `pageOrigin` fetch
 * `url`: `'self'`, `*`, scheme sources (`https:`), and host sources with `*.` hosts, `*` ports and paths, matched as
 * CSP Level 3 matches them. `'none'` and other keywords match nothing; an unparsable URL is never allowed.
 */
export function connectSourcesAllow(sources: readonly string[], url: string, pageOrigin: string): boolean {
  let target: URL;
  let page: URL;
  try {
    target = new URL(url);
    page = new URL(pageOrigin);
  } catch {
    return false;
  }
  return sources.some((source) => sourceMatches(source, target, page));
}
