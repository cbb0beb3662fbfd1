import type { OutgoingHttpHeaders } from 'node:http';
import { summarizeOffline } from '../../src/providers/offline/offline-summarizer';
import { behaviourOf } from './mock-behaviour';
import type { MockExchange } from './mock-exchange';
import { splitText, type GenerateRequest, type MockAnswer, type MockScript, type WireFormat } from './wire-format';

/** Pacing of the answers: normal streams send everything at once; `mock-slow` one small piece per interval. */
const pacing = { normalPieceChars: 64, slowPieceChars: 16, slowIntervalMs: 100, dribbleIntervalMs: 200 };

const idPrefixes: Record<WireFormat['name'], string> = {
  openai: 'chatcmpl-mock-', 'openai-responses': 'resp_mock_', anthropic: 'msg_mock_', gemini: 'mock-response-',
};

/** How many frames `mock-stall` sends before it stalls: enough for the opening frames and some text in every wire. */
const stallFrames = 6;

const malformedJson = '{"id": "mock-malformed", "choices": [{"message": {"content": "unterminated';
const malformedSse = 'data: {"id": "mock-malformed", "choices": [{"delta": {"content": "unterminated\n\n';

/** The lines the request pinned (`- "LINE" (pinned from …)` in the summarizer's pinned block). */
function pinnedLinesOf(prompt: string): string[] {
  return [...prompt.matchAll(/^- "(.+)" \(pinned from /gm)].map((match) => match[1]);
}

/** The first script whose `match` occurs in the request's system or prompt text. */
export function scriptFor(request: GenerateRequest, scripts: readonly MockScript[]): MockScript | undefined {
  return scripts.find((script) => request.system.includes(script.match) || request.prompt.includes(script.match));
}

/**
 * The deterministic answer: the scripted text when a script matches, else the offline summarizer's text for the
 * request; usage as chars/4 estimates. With `forgetPins`, every answer line quoting a pinned line is left out.
 */
function mockAnswer(wire: WireFormat, request: GenerateRequest, callNumber: number, forgetPins = false, script?: MockScript): MockAnswer {
  const pins = forgetPins ? pinnedLinesOf(request.prompt) : [];
  const full = script ? script.text : summarizeOffline({ system: request.system, prompt: request.prompt });
  const text = pins.length === 0 ? full : full.split('\n').filter((line) => !pins.some((pin) => line.includes(pin))).join('\n');
  return {
    id: `${idPrefixes[wire.name]}${callNumber}`,
    model: request.model,
    text,
    inputTokens: Math.ceil((request.system.length + request.prompt.length) / 4),
    outputTokens: Math.ceil(text.length / 4),
  };
}

function sendError(exchange: MockExchange, wire: WireFormat, status: number, message: string, headers: OutgoingHttpHeaders = {}): void {
  exchange.sendJson(status, wire.errorJson(status, message), headers);
}

/**
 * Answers a generate call the way its model id asks (a script replaces only the text of a normal answer). `callNumber` counts this model's calls since the last reset,
 * starting at 1. Error messages carry "HTTP <status>" so the engine's text rule classifies them like real ones.
 */
export function answerGenerate(exchange: MockExchange, wire: WireFormat, request: GenerateRequest, callNumber: number, script?: MockScript): void {
  const behaviour = behaviourOf(request.model);
  switch (behaviour.kind) {
    case 'fail-first':
      if (callNumber <= behaviour.count) {
        const message = `The mock provider is unavailable (HTTP ${behaviour.status}, failure ${callNumber} of ${behaviour.count}).`;
        sendError(exchange, wire, behaviour.status, message);
        return;
      }
      break;
    case 'rate-limit':
      sendError(exchange, wire, 429, 'Rate limit reached for this mock model (HTTP 429). Retry after 1 second.', { 'retry-after': '1' });
      return;
    case 'unauthorized':
      sendError(exchange, wire, 401, 'Invalid API key (HTTP 401): the mock rejects every key for this model.');
      return;
    case 'hang':
      return;
    case 'dribble':
      exchange.dribble(pacing.dribbleIntervalMs);
      return;
    case 'reset':
      exchange.resetConnection();
      return;
    case 'malformed':
      if (request.stream) exchange.sendRaw(200, 'text/event-stream; charset=utf-8', malformedSse);
      else exchange.sendRaw(200, 'application/json', malformedJson);
      return;
    default:
      break;
  }
  const answer = mockAnswer(wire, request, callNumber, behaviour.kind === 'forget-pins', script);
  if (behaviour.kind === 'stall' && request.stream) {
    // The opening frames and the first pieces of text (never the finish frames), then silence that keeps the socket open.
    const frames = wire.answerFrames(answer, splitText(answer.text, pacing.slowPieceChars), request);
    exchange.dribble(pacing.dribbleIntervalMs, frames.slice(0, Math.min(stallFrames, frames.length - 2)));
    return;
  }
  const isSlow = behaviour.kind === 'slow';
  const intervalMs = isSlow ? pacing.slowIntervalMs : 0;
  if (request.stream) {
    const pieces = splitText(answer.text, isSlow ? pacing.slowPieceChars : pacing.normalPieceChars);
    exchange.sendPieces('text/event-stream', wire.answerFrames(answer, pieces.length > 0 ? pieces : [''], request), intervalMs);
  } else if (isSlow) {
    exchange.sendPieces('application/json', splitText(JSON.stringify(wire.answerJson(answer)), pacing.normalPieceChars), intervalMs);
  } else {
    exchange.sendJson(200, wire.answerJson(answer));
  }
}
