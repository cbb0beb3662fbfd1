import { openaiWire } from './openai-wire';
import { asArray, asRecord, contentText, mockCreatedSeconds, sseFrame, type GenerateRequest, type MockAnswer, type WireFormat } from './wire-format';

/** An input item's text when it is a message with one of `roles` (`input_text` parts carry `text` like chat parts do). */
function messageText(items: readonly Record<string, unknown>[], roles: readonly string[]): string[] {
  return items
    .filter((item) => (item.type === undefined || item.type === 'message') && roles.includes(String(item.role)))
    .map((item) => contentText(item.content))
    .filter((text) => text.length > 0);
}

/** `input` is a plain string (one user turn) or a list of items; `instructions` is system text ahead of any system items. */
function parseRequest(body: unknown): GenerateRequest {
  const record = asRecord(body);
  const items = asArray(record.input).map(asRecord);
  const instructions = typeof record.instructions === 'string' && record.instructions.length > 0 ? [record.instructions] : [];
  return {
    model: typeof record.model === 'string' ? record.model : '',
    system: [...instructions, ...messageText(items, ['system', 'developer'])].join('\n\n'),
    prompt: typeof record.input === 'string' ? record.input : messageText(items, ['user']).join('\n\n'),
    stream: record.stream === true,
    shouldIncludeUsage: true,
  };
}

function usage(answer: MockAnswer): unknown {
  return {
    input_tokens: answer.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: answer.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: answer.inputTokens + answer.outputTokens,
  };
}

/** The message item's id, paired with the response id so both are stable for a call. */
function messageId(answer: MockAnswer): string {
  return answer.id.replace(/^resp_/, 'msg_');
}

function outputText(text: string): Record<string, unknown> {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

function messageItem(answer: MockAnswer, isDone: boolean): Record<string, unknown> {
  return {
    id: messageId(answer),
    type: 'message',
    status: isDone ? 'completed' : 'in_progress',
    role: 'assistant',
    content: isDone ? [outputText(answer.text)] : [],
  };
}

/** The response object; while it runs (the stream's first events) it has no output and no usage yet, as OpenAI sends it. */
function responseObject(answer: MockAnswer, isDone: boolean): Record<string, unknown> {
  return {
    id: answer.id,
    object: 'response',
    created_at: mockCreatedSeconds,
    status: isDone ? 'completed' : 'in_progress',
    error: null,
    incomplete_details: null,
    instructions: null,
    model: answer.model,
    output: isDone ? [messageItem(answer, true)] : [],
    parallel_tool_calls: true,
    store: false,
    text: { format: { type: 'text' } },
    usage: isDone ? usage(answer) : null,
  };
}

/** The stream's events in order, without sequence numbers (they are their positions). */
function answerEvents(answer: MockAnswer, pieces: readonly string[]): Record<string, unknown>[] {
  const part = { item_id: messageId(answer), output_index: 0, content_index: 0 };
  return [
    { type: 'response.created', response: responseObject(answer, false) },
    { type: 'response.in_progress', response: responseObject(answer, false) },
    { type: 'response.output_item.added', output_index: 0, item: messageItem(answer, false) },
    { type: 'response.content_part.added', ...part, part: outputText('') },
    ...pieces.map((delta) => ({ type: 'response.output_text.delta', ...part, delta, logprobs: [] })),
    { type: 'response.output_text.done', ...part, text: answer.text, logprobs: [] },
    { type: 'response.content_part.done', ...part, part: outputText(answer.text) },
    { type: 'response.output_item.done', output_index: 0, item: messageItem(answer, true) },
    { type: 'response.completed', response: responseObject(answer, true) },
  ];
}

/**
 * OpenAI Responses (`POST /responses`): a `response` object as JSON, or typed SSE events from `response.created` to
 * `response.completed` (usage in the last), each named by an `event:` line and numbered by `sequence_number`.
 * Errors and model lists are Chat Completions' own, as OpenAI serves both APIs from one host.
 */
export const openaiResponsesWire: WireFormat = {
  name: 'openai-responses',
  parseRequest,
  answerJson: (answer) => responseObject(answer, true),
  answerFrames: (answer, pieces) =>
    answerEvents(answer, pieces).map(({ type, ...fields }, index) => sseFrame({ type, sequence_number: index, ...fields }, String(type))),
  errorJson: openaiWire.errorJson,
  modelList: openaiWire.modelList,
};
