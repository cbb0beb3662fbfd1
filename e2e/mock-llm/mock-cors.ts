import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers the providers' browser clients send; a preflight also gets whatever else it asks for. */
const corsAllowedHeaders = [
  'authorization', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'anthropic-beta', 'x-goog-api-key', 'content-type',
];

/** Sets the CORS headers every response carries; `retry-after` is exposed so a browser client can read it on a 429. */
export function setCorsHeaders(response: ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-expose-headers', 'retry-after, x-request-id');
}

/**
 * Answers an OPTIONS preflight with 204. The allowed headers are the known list plus the ones the preflight names,
 * because SDKs add their own (user agents, betas) and a refused preflight would look like a provider without CORS.
 */
export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  const asked = String(request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
  const allowed = [...new Set([...corsAllowedHeaders, ...asked])];
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': '600',
  });
  response.end();
}
