import type { IncomingMessage, ServerResponse } from 'node:http';
import { mockModelIds } from './mock-behaviour';
import { answerPreflight, setCorsHeaders } from './mock-cors';
import { MockExchange } from './mock-exchange';
import { answerGenerate, scriptFor } from './mock-generate';
import { redirectOf } from './mock-redirect';
import { errorWireFor, matchRoute } from './mock-route';
import type { RecordedRequest } from './recorded-request';
import type { MockScript } from './wire-format';

/** What the handler shares with the server: the recording, per-model call counts and the responses still running. */
export interface MockState {
  requests: RecordedRequest[];
  callCounts: Map<string, number>;
  exchanges: Set<MockExchange>;
  /** Canned answers, matched by text (see `MockScript`); replaced in place by `setScripts`. */
  scripts: MockScript[];
  reset(): void;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function recordOf(request: IncomingMessage, url: URL): RecordedRequest {
  const headers = request.headers;
  const authorization =
    headerValue(headers.authorization) ?? headerValue(headers['x-api-key']) ?? headerValue(headers['x-goog-api-key']) ?? url.searchParams.get('key') ?? undefined;
  return {
    method: request.method ?? 'GET',
    path: request.url ?? '/',
    host: headers.host ?? '',
    hasAuthorization: authorization !== undefined,
    ...(authorization !== undefined ? { authorization } : {}),
    stream: false,
    closedEarly: false,
    status: 0,
  };
}

/** The body parsed as JSON; `undefined` when it is not JSON or the client went away while sending it. */
async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Serves one request: records it, then answers a preflight, the reset hook, a redirect, a model list or a generate call. */
export async function handleMockRequest(state: MockState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  setCorsHeaders(response);
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://mock.invalid');
  const route = matchRoute(method, url.pathname, request.headers);
  if (route.kind === 'reset') {
    state.reset();
    response.writeHead(204).end();
    return;
  }
  const record = recordOf(request, url);
  state.requests.push(record);
  const exchange = new MockExchange(request, response, record, (finished) => state.exchanges.delete(finished));
  state.exchanges.add(exchange);
  if (method === 'OPTIONS') {
    record.status = 204;
    answerPreflight(request, response);
    return;
  }
  const redirect = redirectOf(request.url ?? '/');
  if (redirect) {
    // The body is read first so the client never writes into a closed request.
    await readJsonBody(request);
    if (exchange.isOver) return;
    exchange.sendJson(redirect.status, { redirect: redirect.location }, { location: redirect.location });
    return;
  }
  const errorWire = errorWireFor(route, request.headers);
  if (route.kind === 'unknown') {
    exchange.sendJson(404, errorWire.errorJson(404, `The mock has no route for ${method} ${url.pathname}.`));
    return;
  }
  if (route.kind === 'models') {
    exchange.sendJson(200, route.wire.modelList(mockModelIds));
    return;
  }
  const body = await readJsonBody(request);
  if (exchange.isOver) return;
  if (body === undefined) {
    exchange.sendJson(400, errorWire.errorJson(400, 'The request body is not valid JSON.'));
    return;
  }
  const generate = route.wire.parseRequest(body, route.pathModel, route.isStreamPath);
  record.model = generate.model;
  record.stream = generate.stream;
  const callNumber = (state.callCounts.get(generate.model) ?? 0) + 1;
  state.callCounts.set(generate.model, callNumber);
  const script = scriptFor(generate, state.scripts);
  if (script) record.scripted = script.match;
  answerGenerate(exchange, route.wire, generate, callNumber, script);
}
