/** The parts of a generate request the mock reads, whatever the wire format. */
export interface GenerateRequest {
  model: string;
  /** System text (system messages, Responses' `instructions`, Anthropic's `system`, Gemini's `systemInstruction`), joined by blank lines. */
  system: string;
  /** The user turns' text, joined by blank lines. */
  prompt: string;
  stream: boolean;
  /** OpenAI's `stream_options.include_usage`: the stream ends with a usage chunk. */
  shouldIncludeUsage: boolean;
}

/**
 * A canned answer: a generate request whose system or prompt text contains `match` is answered with `text` (in the
 * request's own wire format, streamed or not) instead of the offline summary. The first matching script wins.
 */
export interface MockScript {
  match: string;
  text: string;
}

/** What the mock answers, identical across wire formats; token counts are chars/4 estimates. */
export interface MockAnswer {
  id: string;
  model: string;
  text: string;
  inputTokens: number;
  outputTokens: number;
}

/** One provider's wire format: how to read a request and how to write answers, errors and model lists. */
export interface WireFormat {
  name: 'openai' | 'openai-responses' | 'anthropic' | 'gemini';
  /** Reads a parsed JSON body; `pathModel` is the model named in the URL (Gemini). */
  parseRequest(body: unknown, pathModel: string | undefined, isStreamPath: boolean): GenerateRequest;
  answerJson(answer: MockAnswer): unknown;
  /** The complete SSE stream for an answer, one string per frame, `pieces` being the text's deltas in order. */
  answerFrames(answer: MockAnswer, pieces: readonly string[], request: GenerateRequest): string[];
  /** The provider's error body for an HTTP status. */
  errorJson(status: number, message: string): unknown;
  modelList(ids: readonly string[]): unknown;
}

/** One SSE frame: an optional `event:` line and a JSON `data:` line. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/** Splits text into deltas of at most `size` characters, never inside a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size) pieces.push(characters.slice(start, start + size).join(''));
  return pieces;
}

/** Text of a message content that is a string or an array of `{type: 'text', text}` parts (other parts ignored). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
    .filter((text) => text.length > 0)
    .join('\n\n');
}

/** The body as a plain record, or an empty one, so parsers read fields without throwing. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The body's array field, or an empty one. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Fixed creation time (seconds) so answers are byte-identical across runs. */
export const mockCreatedSeconds = 1_700_000_000;
