import { asArray, asRecord, contentText, sseFrame, type GenerateRequest, type MockAnswer, type WireFormat } from './wire-format';

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

function parseRequest(body: unknown): GenerateRequest {
  const record = asRecord(body);
  const messages = asArray(record.messages).map(asRecord);
  return {
    model: typeof record.model === 'string' ? record.model : '',
    system: contentText(record.system),
    prompt: messages.filter((message) => message.role === 'user').map((message) => contentText(message.content)).join('\n\n'),
    stream: record.stream === true,
    shouldIncludeUsage: true,
  };
}

function message(answer: MockAnswer, content: unknown[], stopReason: string | null, outputTokens: number): Record<string, unknown> {
  return {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: answer.inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** Anthropic Messages: JSON, and SSE events from `message_start` to `message_stop`, usage in the first and last. */
export const anthropicWire: WireFormat = {
  name: 'anthropic',
  parseRequest,
  answerJson: (answer) => message(answer, [{ type: 'text', text: answer.text }], 'end_turn', answer.outputTokens),
  answerFrames: (answer, pieces) => [
    sseFrame({ type: 'message_start', message: message(answer, [], null, 1) }, 'message_start'),
    sseFrame({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start'),
    ...pieces.map((piece) => sseFrame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }, 'content_block_delta')),
    sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    sseFrame(
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: answer.outputTokens } },
      'message_delta',
    ),
    sseFrame({ type: 'message_stop' }, 'message_stop'),
  ],
  errorJson: (status, text) => ({ type: 'error', error: { type: errorTypes[status] ?? 'api_error', message: text } }),
  modelList: (ids) => ({
    data: ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2023-11-14T22:13:20Z' })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids[ids.length - 1] ?? null,
  }),
};
