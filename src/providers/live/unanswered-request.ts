import { findNetworkCode } from './provider-error';

/**
 * Why a request got no HTTP answer, as far as the caller can know: `refused` (nothing listens on the port), `unreachable`
 * (unknown host name, no route, timeout — or a refusal the browser would not name), `cors` (the server answered, but
 * the browser withheld the answer because the server does not allow this page's origin), `blocked-port` (a port the
 * browser never connects to).
 */
type UnansweredKind = 'refused' | 'unreachable' | 'cors' | 'blocked-port';

/**
 * The Fetch standard's "bad ports" (mail, FTP, IRC, …): a browser refuses to connect to them at all, before any
 * network traffic, with the same bare failure as a refused connection.
 */
const blockedPorts = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119,
  123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990,
  993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** How long the diagnostic probe may take: a server that answered the real request answers this one at once. */
const probeTimeoutMs = 5_000;

/** Node's socket error codes that say no connection could be made (the CLI and tests run on Node, which names them). */
const unreachableCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** True for a host name that can only mean this machine: DNS cannot fail for it, so a failed connection was refused. */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::1';
}

/**
 * Tells apart what a failed request without an answer was. Node names the socket error (`ECONNREFUSED`,
 * `ENOTFOUND`), so its code decides. A browser does not: a closed port, an unknown host, a dropped network and a CORS
 * refusal all reject with the same bare `TypeError: Failed to fetch`, by design (a page must not learn what lies on a
 * network it cannot read). What a page may learn is whether anything answered at all: a `no-cors` request — no
 * headers, no key, no body — resolves with an opaque response whenever a server answers, whatever its CORS headers. So
 * an opaque answer means the server is there and the first failure was CORS; a second rejection means nothing
 * answered. Which of refused and unreachable it was the browser never says; only for a loopback host (whose name
 * always resolves) is a rejection known to be a refused port — unless the port is one the browser never connects to
 * (the Fetch standard's bad ports, such as 9). Undefined when `error` is not a network failure.
 */
export async function diagnoseUnanswered(error: unknown, url: string, fetch: typeof globalThis.fetch): Promise<UnansweredKind | undefined> {
  const code = findNetworkCode(error);
  if (code === 'ECONNREFUSED') return 'refused';
  if (code !== undefined && unreachableCodes.has(code)) return 'unreachable';
  if (code !== undefined || !isBareNetworkFailure(error)) return undefined;
  try {
    // A no-cors request must follow redirects (the browser refuses any other mode); it carries nothing to leak.
    await fetch(url, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(probeTimeoutMs) });
    return 'cors';
  } catch {
    const { hostname, port } = new URL(url);
    if (blockedPorts.has(Number(port))) return 'blocked-port';
    return isLoopbackHost(hostname) ? 'refused' : 'unreachable';
  }
}

/** A browser's fetch rejection without a response: a `TypeError` ("Failed to fetch", "NetworkError…", "Load failed"). */
function isBareNetworkFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof TypeError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one-line account of an unanswered request, naming `where` (a host, with its port when the reader needs it). A
 * refusal says "connection refused", the words the seeds' retry rule treats as transient, as Dart's SocketException.
 */
export function describeUnanswered(kind: UnansweredKind, where: string): string {
  switch (kind) {
    case 'refused':
      return `could not reach ${where}: connection refused (nothing is listening there)`;
    case 'unreachable':
      return `could not reach ${where}: no answer (an unknown host name, no network, or a refused connection; the browser does not say which)`;
    case 'blocked-port':
      return `could not reach ${where}: the browser never connects to that port (it is on the Fetch standard's list of blocked ports)`;
    case 'cors':
      return `${where} answered, but the browser withheld the answer (CORS): the server does not allow this page's origin`;
  }
}
