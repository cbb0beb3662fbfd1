import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleMockRequest, type MockState } from './mock-handler';
import type { MockExchange } from './mock-exchange';
import type { RecordedRequest } from './recorded-request';
import type { MockScript } from './wire-format';

export { mockModelIds } from './mock-behaviour';

/** Where and how to start the mock. */
export interface MockLlmOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Loopback address to listen on, 127.0.0.1 by default (another, e.g. 127.0.0.2, gives tests a second origin). */
  host?: string;
  /** Canned answers by matched text (see `MockScript`), e.g. a probe run's questions, answers and grades. */
  scripts?: MockScript[];
}

/** A running mock provider server (test-only; never part of the app bundle). */
export interface MockLlm {
  /** `http://HOST:PORT`, without a trailing slash: clients add `/v1` (OpenAI, Anthropic) or `/v1beta` (Gemini). */
  url: string;
  /** Ends every running response (hangs, dribbles, slow streams), closes every connection and stops listening. */
  close(): Promise<void>;
  /** Every request received since the last reset, in arrival order, updated in place while responses run. */
  requests: RecordedRequest[];
  /** Clears the per-model call counters (`mock-503xN` fails again) and the recorded requests; same as `POST /__mock/reset`. */
  reset(): void;
  /** Replaces the canned answers (a reset keeps them). */
  setScripts(scripts: MockScript[]): void;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts a local server speaking OpenAI Chat Completions and Responses, Anthropic Messages and Gemini generateContent
 * (JSON and SSE), answering with a matching script's text or else the offline summarizer's deterministic text, and
 * misbehaving as the model id asks (see mock-behaviour).
 * Listens on a loopback address only.
 */
export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const requests: RecordedRequest[] = [];
  const exchanges = new Set<MockExchange>();
  const callCounts = new Map<string, number>();
  const reset = (): void => {
    // Emptied in place: tests may hold the array itself.
    requests.splice(0, requests.length);
    callCounts.clear();
  };
  const scripts = [...(options.scripts ?? [])];
  const setScripts = (next: MockScript[]): void => {
    scripts.splice(0, scripts.length, ...next);
  };
  const state: MockState = { requests, callCounts, exchanges, scripts, reset };
  const server = createServer((request, response) => {
    handleMockRequest(state, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The mock server failed (HTTP 500).' } }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const exchange of [...exchanges]) exchange.shutdown();
      server.closeIdleConnections();
    });
    return closing;
  };
  return { url: `http://${host}:${port}`, close, requests, reset, setScripts };
}
