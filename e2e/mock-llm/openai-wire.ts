import { asArray, asRecord, contentText, mockCreatedSeconds, sseFrame, type GenerateRequest, type MockAnswer, type WireFormat } from './wire-format';

const errorTypes: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { type: 'invalid_request_error', code: 'not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

function parseRequest(body: unknown): GenerateRequest {
  const record = asRecord(body);
  const messages = asArray(record.messages).map(asRecord);
  const textOf = (roles: readonly string[]): string =>
    messages.filter((message) => roles.includes(String(message.role))).map((message) => contentText(message.content)).join('\n\n');
  return {
    model: typeof record.model === 'string' ? record.model : '',
    system: textOf(['system', 'developer']),
    prompt: textOf(['user']),
    stream: record.stream === true,
    shouldIncludeUsage: asRecord(record.stream_options).include_usage === true,
  };
}

function usage(answer: MockAnswer): unknown {
  return { prompt_tokens: answer.inputTokens, completion_tokens: answer.outputTokens, total_tokens: answer.inputTokens + answer.outputTokens };
}

function chunk(answer: MockAnswer, choices: unknown[], extra: Record<string, unknown> = {}): string {
  return sseFrame({ id: answer.id, object: 'chat.completion.chunk', created: mockCreatedSeconds, model: answer.model, system_fingerprint: null, choices, ...extra });
}

/** OpenAI Chat Completions (also what OpenRouter, Ollama, LM Studio and vLLM speak): JSON, SSE ending in `[DONE]`. */
export const openaiWire: WireFormat = {
  name: 'openai',
  parseRequest,
  answerJson: (answer) => ({
    id: answer.id,
    object: 'chat.completion',
    created: mockCreatedSeconds,
    model: answer.model,
    system_fingerprint: null,
    choices: [{ index: 0, message: { role: 'assistant', content: answer.text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: usage(answer),
  }),
  answerFrames: (answer, pieces, request) => [
    chunk(answer, [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]),
    ...pieces.map((piece) => chunk(answer, [{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }])),
    chunk(answer, [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]),
    // OpenAI sends usage in one more chunk with no choices, only when asked to.
    ...(request.shouldIncludeUsage ? [chunk(answer, [], { usage: usage(answer) })] : []),
    'data: [DONE]\n\n',
  ],
  errorJson: (status, message) => {
    const kind = errorTypes[status] ?? { type: 'server_error', code: null };
    return { error: { message, type: kind.type, param: null, code: kind.code } };
  },
  modelList: (ids) => ({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: mockCreatedSeconds, owned_by: 'mock-llm' })) }),
};
