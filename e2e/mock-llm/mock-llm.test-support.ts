/** One parsed SSE frame: its `event:` name when it has one, and its `data:` text. */
export interface SseFrame {
  event?: string;
  data: string;
}

/** Test key sent by the wire tests; the mock records it so tests can check where a key went. */
export const testKey = 'sk-mock-test-0000';

/** POSTs a JSON body with extra headers. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
}

/** Splits an SSE body into frames; comment lines (`: keep-alive`) are skipped. */
export function parseSse(text: string): SseFrame[] {
  return text
    .split(/\n\n/)
    .map((block) => block.split('\n').filter((line) => line.length > 0 && !line.startsWith(':')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length)).join('\n');
      return event === undefined ? { data } : { event, data };
    });
}

/** Reads a streaming body until `isEnough` says so on the text so far, then stops reading (the body stays open). */
export async function readUntil(response: Response, isEnough: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!isEnough(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

/** The wire formats the mock speaks, as the HTTP tests name them. */
export type Wire = 'openai' | 'openai-responses' | 'anthropic' | 'gemini';

/** Each wire's key header, carrying `testKey`. */
export const wireHeaders: Record<Wire, Record<string, string>> = {
  openai: { authorization: `Bearer ${testKey}` },
  'openai-responses': { authorization: `Bearer ${testKey}` },
  anthropic: { 'x-api-key': testKey, 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' },
  gemini: { 'x-goog-api-key': testKey },
};

/** Request bodies for every wire carrying the same system and user text. */
function wireBodies(model: string, system: string, prompt: string, stream: boolean): Record<Wire, unknown> {
  return {
    openai: { model, stream, ...(stream ? { stream_options: { include_usage: true } } : {}), messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }] },
    'openai-responses': { model, stream, input: [{ role: 'system', content: system }, { role: 'user', content: [{ type: 'input_text', text: prompt }] }] },
    anthropic: { model, stream, max_tokens: 1024, system, messages: [{ role: 'user', content: [{ type: 'text', text: prompt }] }] },
    gemini: { systemInstruction: { parts: [{ text: system }] }, contents: [{ role: 'user', parts: [{ text: prompt }] }] },
  };
}

/** The path a generate call takes on each wire. */
function wirePath(wire: Wire, model: string, stream: boolean): string {
  if (wire === 'gemini') return `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
  return { openai: '/v1/chat/completions', 'openai-responses': '/v1/responses', anthropic: '/v1/messages' }[wire];
}

/** One generate call to the mock at `mockUrl`, in `wire`'s shape, with `testKey`. */
export function callWire(
  mockUrl: string,
  wire: Wire,
  text: { model: string; system: string; prompt: string },
  stream: boolean,
  signal?: AbortSignal,
): Promise<Response> {
  const body = wireBodies(text.model, text.system, text.prompt, stream)[wire];
  return postJson(`${mockUrl}${wirePath(wire, text.model, stream)}`, body, wireHeaders[wire], signal);
}
