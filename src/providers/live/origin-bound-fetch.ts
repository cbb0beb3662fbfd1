/** Most same-origin redirects one request may follow; a longer chain is refused as a loop. */
export const maxRedirectHops = 5;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * A redirect the lab would not follow: to another origin (where the key must not go), one whose destination the
 * browser hides, or a chain too long. Its message names the hosts without ports, because the engine's seed rule
 * reads any `5xx`-looking number in an error (a port such as 45123) as a transient failure.
 */
export class RedirectRefusedError extends Error {
  constructor(
    message: string,
    /** The host (with port) that answered with the redirect. */
    readonly fromHost: string,
    /** The host (with port) the redirect pointed to; undefined when the browser does not reveal it. */
    readonly toHost: string | undefined,
    /** The redirect's status; null for a browser's opaque redirect, whose status is hidden too. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'RedirectRefusedError';
  }
}

/** The answer a request ended with, for records: where it came from (after any same-origin hops) and its status. */
export interface AnsweredRequest {
  url: URL;
  /** Null for a browser's opaque redirect, whose status is hidden. */
  status: number | null;
}

/**
 * Wraps a fetch so that no request follows a redirect to another origin. Every request goes out with
 * `redirect: 'manual'`, so the platform never re-sends it (and its key headers) by itself; this function looks at
 * each 3xx and follows it only when it stays on the same origin (same scheme, host and port), at most
 * `maxRedirectHops` times. A redirect elsewhere rejects with a `RedirectRefusedError` naming both hosts and nothing is
 * sent there. In a browser a manual redirect is opaque (no status, no Location), so every redirect is refused; the
 * page's connect-src policy limits where a request could go in any case. `onAnswer` sees every response, hops
 * included, with the URL that gave it.
 */
export function originBoundFetch(baseFetch: typeof globalThis.fetch, onAnswer?: (answer: AnsweredRequest) => void): typeof globalThis.fetch {
  return async (input, init) => {
    let { url, request } = await normalizedRequest(input, init);
    const origin = url.origin;
    for (let hop = 0; ; hop += 1) {
      const response = await baseFetch(url.href, { ...request, redirect: 'manual' });
      const isOpaque = response.type === 'opaqueredirect';
      const answered = answeringUrl(response, url);
      onAnswer?.({ url: answered, status: isOpaque ? null : response.status });
      if (isOpaque) {
        const message = `refused a redirect from ${url.hostname}: the browser hides where it leads, so the request was not followed (${keyRule})`;
        throw new RedirectRefusedError(message, url.host, undefined, null);
      }
      // A fetch that follows redirects despite 'manual' (some polyfills): its answer from elsewhere is not used.
      if (answered.origin !== origin) throw await refused(response, crossOriginRefusal(url, answered, response.status));
      const location = response.headers.get('location');
      if (!redirectStatuses.has(response.status) || location === null) return response;
      const next = parsedUrl(location, url);
      if (!next) throw await refused(response, new RedirectRefusedError(`refused a redirect from ${url.hostname} to an unreadable location`, url.host, undefined, response.status));
      if (next.origin !== origin) throw await refused(response, crossOriginRefusal(url, next, response.status));
      if (hop >= maxRedirectHops) {
        throw await refused(response, new RedirectRefusedError(`refused to follow more than ${maxRedirectHops} redirects within ${url.hostname}`, url.host, next.host, response.status));
      }
      const followed = followedRequest(request, response.status);
      if (!followed) {
        const message = `could not follow a redirect within ${url.hostname}: the request body was a stream and is already spent`;
        throw await refused(response, new RedirectRefusedError(message, url.host, next.host, response.status));
      }
      await discard(response);
      request = followed;
      url = next;
    }
  };
}

const keyRule = 'an API key goes only to the host it was entered for';

/** Frees the connection of a response whose body is not read (a redirect's). */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** The refusal to throw, once the refused response's body is discarded. */
async function refused(response: Response, error: RedirectRefusedError): Promise<RedirectRefusedError> {
  await discard(response);
  return error;
}

/** The URL and options of a request however it was given, with a body that can be sent again on a hop. */
async function normalizedRequest(input: RequestInfo | URL, init: RequestInit | undefined): Promise<{ url: URL; request: RequestInit }> {
  if (!(input instanceof Request)) return { url: new URL(input instanceof URL ? input.href : input), request: { ...init } };
  const merged = new Request(input, init);
  const body = merged.body ? await merged.arrayBuffer() : undefined;
  return { url: new URL(merged.url), request: { method: merged.method, headers: merged.headers, body, signal: merged.signal } };
}

/** `location` read against `base`; undefined when it is not a URL. */
function parsedUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** The URL that actually answered: the platform's own (when it knows it) or the one asked for. */
function answeringUrl(response: Response, asked: URL): URL {
  return (response.url && parsedUrl(response.url, asked)) || asked;
}

/**
 * The request for the next hop: 303 (and 301/302 after a POST) turn into a bodiless GET, as the Fetch standard says;
 * others repeat the request. Undefined when it cannot be repeated (a streamed body is spent once sent).
 */
function followedRequest(request: RequestInit, status: number): RequestInit | undefined {
  const method = (request.method ?? 'GET').toUpperCase();
  const becomesGet = (status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  if (!becomesGet) return request.body instanceof ReadableStream ? undefined : request;
  const headers = new Headers(request.headers);
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
  return { ...request, method: 'GET', body: undefined, headers };
}

/**
 * The refusal of a hop to another origin. Hosts are named without ports (see `RedirectRefusedError`); when only the
 * scheme or the port differs, the message says which.
 */
function crossOriginRefusal(from: URL, to: URL, status: number): RedirectRefusedError {
  let where: string;
  if (from.hostname !== to.hostname) where = `from ${from.hostname} to ${to.hostname}`;
  else if (from.protocol !== to.protocol) where = `from ${from.protocol}//${from.hostname} to ${to.protocol}//${to.hostname}`;
  else where = `from ${from.hostname} to another port on ${to.hostname}`;
  return new RedirectRefusedError(`refused a redirect ${where} (${keyRule})`, from.host, to.host, status);
}
