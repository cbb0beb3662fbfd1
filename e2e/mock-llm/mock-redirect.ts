/** A redirect the mock answers with instead of serving the request. */
export interface MockRedirect {
  status: number;
  /** The `Location` header: a path on the same origin, or an absolute URL on the named other origin. */
  location: string;
}

/** `/__redirect/STATUS/TARGET/rest…`: STATUS is a redirect status, TARGET `same` or another origin's `host:port`. */
const redirectPattern = /^\/__redirect\/(30[12378])\/([^/]+)(\/.*)?$/;

/**
 * The redirect a request target asks for, if any. Putting it in the path (not the model id) lets any request be
 * redirected, model lists included, and lets prefixes nest: `/__redirect/307/same/__redirect/307/same/v1` takes two
 * hops. `same` answers with a relative location on this origin (the rest of the path, query kept); a `host:port`
 * answers with `http://host:port/rest…`, e.g. a second mock on 127.0.0.2. The mock does not follow anything itself.
 */
export function redirectOf(target: string): MockRedirect | undefined {
  const url = new URL(target, 'http://mock.invalid');
  const match = redirectPattern.exec(url.pathname);
  if (!match) return undefined;
  const rest = `${match[3] ?? '/'}${url.search}`;
  const location = match[2] === 'same' ? rest : `http://${match[2]}${rest}`;
  return { status: Number(match[1]), location };
}
