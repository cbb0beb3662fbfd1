import type { IncomingHttpHeaders } from 'node:http';
import { anthropicWire } from './anthropic-wire';
import { geminiWire } from './gemini-wire';
import { openaiResponsesWire } from './openai-responses-wire';
import { openaiWire } from './openai-wire';
import type { WireFormat } from './wire-format';

/** What a request asks the mock for: a model list or a generate call, in one wire format. */
export type MockRoute =
  | { kind: 'models'; wire: WireFormat }
  | { kind: 'generate'; wire: WireFormat; pathModel?: string; isStreamPath: boolean }
  | { kind: 'reset' }
  | { kind: 'unknown' };

const geminiGeneratePattern = /\/models\/(.+):(generateContent|streamGenerateContent)$/;

/**
 * Matches by the path's END so any base path works (`/v1`, OpenRouter's `/api/v1`, Gemini's `/v1beta`). A model list
 * is Anthropic's when the request carries `anthropic-version`, Gemini's under `/v1beta`, OpenAI's otherwise.
 */
export function matchRoute(method: string, pathname: string, headers: IncomingHttpHeaders): MockRoute {
  if (method === 'POST' && pathname === '/__mock/reset') return { kind: 'reset' };
  if (method === 'GET' && pathname.endsWith('/models')) {
    if (headers['anthropic-version'] !== undefined) return { kind: 'models', wire: anthropicWire };
    return { kind: 'models', wire: pathname.includes('/v1beta') ? geminiWire : openaiWire };
  }
  if (method !== 'POST') return { kind: 'unknown' };
  if (pathname.endsWith('/chat/completions')) return { kind: 'generate', wire: openaiWire, isStreamPath: false };
  if (pathname.endsWith('/responses')) return { kind: 'generate', wire: openaiResponsesWire, isStreamPath: false };
  if (pathname.endsWith('/messages')) return { kind: 'generate', wire: anthropicWire, isStreamPath: false };
  const gemini = geminiGeneratePattern.exec(pathname);
  if (gemini) return { kind: 'generate', wire: geminiWire, pathModel: decodeURIComponent(gemini[1]), isStreamPath: gemini[2] === 'streamGenerateContent' };
  return { kind: 'unknown' };
}

/** The wire whose error shape a failed request gets: the route's, or a guess from the headers for unknown paths. */
export function errorWireFor(route: MockRoute, headers: IncomingHttpHeaders): WireFormat {
  if (route.kind === 'models' || route.kind === 'generate') return route.wire;
  if (headers['anthropic-version'] !== undefined) return anthropicWire;
  return headers['x-goog-api-key'] !== undefined ? geminiWire : openaiWire;
}
