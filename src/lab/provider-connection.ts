import { originBoundFetch, RedirectRefusedError, type AnsweredRequest } from '../providers/live/origin-bound-fetch';
import { findNetworkCode, scrubKey } from '../providers/live/provider-error';
import { describeUnanswered, diagnoseUnanswered } from '../providers/live/unanswered-request';
import { baseUrlOf, type ProviderSpec } from '../providers/live/provider-spec';
import type { ConnectionProblem, ConnectionRequest, ConnectionResult } from '../worker-client/provider-protocol';

/** How long a model list may take before the host counts as unreachable. */
const listTimeoutMs = 15_000;

/** The list request for a spec: every provider's SDK base URL ends where `/models` lists its models. */
function listRequest(spec: ProviderSpec, apiKey: string | undefined): { url: string; headers: Record<string, string> } {
  const url = `${baseUrlOf(spec)}/models`;
  switch (spec.provider) {
    case 'anthropic':
      return {
        url,
        headers: {
          ...(apiKey ? { 'x-api-key': apiKey } : {}),
          'anthropic-version': '2023-06-01',
          // Anthropic refuses browser-origin requests without this opt-in; the worker is such a caller.
          'anthropic-dangerous-direct-browser-access': 'true',
        },
      };
    case 'google':
      return { url, headers: apiKey ? { 'x-goog-api-key': apiKey } : {} };
    default:
      return { url, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} };
  }
}

/** Model ids from any of the three list shapes: `{data: [{id}]}` (OpenAI, Anthropic) or `{models: [{name}]}` (Gemini). */
function modelIdsOf(body: unknown): string[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { data, models } = body as { data?: unknown; models?: unknown };
  if (Array.isArray(data)) return data.map((entry) => (entry as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
  if (Array.isArray(models)) {
    return models
      .map((entry) => (entry as { name?: unknown }).name)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => name.replace(/^models\//, ''));
  }
  return undefined;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The fix to try when the server answered but the browser withheld its answer (CORS). */
function corsAdvice(spec: ProviderSpec): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? 'this page\'s origin';
  switch (spec.provider) {
    case 'anthropic':
      return 'The lab already sends Anthropic\'s browser-access header, so check the base URL, and any proxy between.';
    case 'openai-compatible':
      return `If this is a local server, allow ${origin}: Ollama needs OLLAMA_ORIGINS=${origin} set before it starts; LM Studio needs "Enable CORS" switched on in its server settings; vLLM needs --allowed-origins.`;
    default:
      return 'Check the base URL; a proxy or browser extension may also strip the headers the browser needs.';
  }
}

/**
 * Lists a provider's models with the given key, and says plainly what is wrong when it cannot: a bad key (401/403),
 * a refused connection (nothing listening), an unreachable host (unknown name, no network, timeout), a server that
 * answered without allowing this page's origin (CORS, with the fix), or another HTTP answer. A browser reports the
 * first three alike; `diagnoseUnanswered` tells them apart with a keyless `no-cors` probe (not a separate network
 * panel entry: it belongs to the test). Messages never contain the key.
 */
export async function testProviderConnection(
  spec: ProviderSpec,
  apiKey: string | undefined,
  fetch: typeof globalThis.fetch = globalThis.fetch,
  now: () => number = () => performance.now(),
): Promise<ConnectionResult> {
  let host: string;
  let request: { url: string; headers: Record<string, string> };
  try {
    request = listRequest(spec, apiKey);
    host = new URL(request.url).host;
  } catch {
    return { ok: false, problem: 'unreachable', message: `${spec.provider} needs a valid http:// or https:// base URL.` };
  }
  if (!apiKey && spec.provider !== 'openai-compatible') {
    return { ok: false, problem: 'bad-key', message: `No API key is set for ${spec.provider}; add one first.` };
  }
  const startedAt = now();
  // The last answer names the host that gave it and its status (a refused redirect's 3xx included).
  let last: AnsweredRequest | undefined;
  const guarded = originBoundFetch(fetch, (answer) => {
    last = answer;
  });
  const answered = await fetchModelList(request, guarded, fetch, spec, apiKey, host);
  const sent: ConnectionRequest = { host: last?.url.host ?? host, status: last?.status ?? null, hasKey: apiKey !== undefined, durationMs: now() - startedAt };
  return { ...answered.result, request: sent };
}

/** Sends the list request and reads its answer into a result; `response` is there whenever one arrived. */
async function fetchModelList(
  request: { url: string; headers: Record<string, string> },
  fetch: typeof globalThis.fetch,
  plainFetch: typeof globalThis.fetch,
  spec: ProviderSpec,
  apiKey: string | undefined,
  host: string,
): Promise<{ result: ConnectionResult; response?: Response }> {
  const fail = (problem: ConnectionProblem, message: string, response?: Response) => ({ result: { ok: false as const, problem, message }, response });
  let response: Response;
  try {
    response = await fetch(request.url, { headers: request.headers, signal: AbortSignal.timeout(listTimeoutMs) });
  } catch (error) {
    if (error instanceof RedirectRefusedError) return fail('http', `${capitalized(scrubKey(error.message, apiKey))}.`);
    if (error instanceof DOMException && error.name === 'TimeoutError') return fail('unreachable', `${host} did not answer within ${listTimeoutMs / 1000} seconds.`);
    const kind = await diagnoseUnanswered(error, request.url, plainFetch);
    if (kind === 'refused') return fail('refused', `${capitalized(describeUnanswered(kind, host))}. Is the server running, and on this port?`);
    if (kind === 'blocked-port') return fail('unreachable', `${capitalized(describeUnanswered(kind, host))}. Serve the provider on another port.`);
    if (kind === 'cors') return fail('cors', `${capitalized(describeUnanswered(kind, host))}. ${corsAdvice(spec)}`);
    if (kind === 'unreachable') {
      const code = findNetworkCode(error);
      const reason = code === 'ENOTFOUND' ? `could not reach ${host}: it is not a known host name` : describeUnanswered(kind, host);
      return fail('unreachable', `${capitalized(reason)}. Check the base URL and your network.`);
    }
    const detail = scrubKey(error instanceof Error ? error.message : String(error), apiKey).slice(0, 200);
    return fail('unreachable', `The request to ${host} failed: ${detail}`);
  }
  const text = scrubKey(await response.text().catch(() => ''), apiKey);
  if (response.status === 401 || response.status === 403) {
    return fail('bad-key', `${host} answered HTTP ${response.status}: the key was refused. Check that it is correct, active and meant for ${spec.provider}.`, response);
  }
  if (!response.ok) {
    const detail = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    return fail('http', `${host} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const models = modelIdsOf(body);
  if (!models) return fail('http', `${host} answered, but not with a model list; check the base URL.`, response);
  return { result: { ok: true, models }, response };
}
