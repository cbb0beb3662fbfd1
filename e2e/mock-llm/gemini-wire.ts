import { asArray, asRecord, contentText, sseFrame, type GenerateRequest, type MockAnswer, type WireFormat } from './wire-format';

const errorStatuses: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function parseRequest(body: unknown, pathModel: string | undefined, isStreamPath: boolean): GenerateRequest {
  const record = asRecord(body);
  const contents = asArray(record.contents).map(asRecord);
  return {
    model: pathModel ?? '',
    system: contentText(asRecord(record.systemInstruction).parts),
    prompt: contents.filter((content) => content.role === undefined || content.role === 'user').map((content) => contentText(content.parts)).join('\n\n'),
    stream: isStreamPath,
    shouldIncludeUsage: true,
  };
}

function usageMetadata(answer: MockAnswer): unknown {
  return { promptTokenCount: answer.inputTokens, candidatesTokenCount: answer.outputTokens, totalTokenCount: answer.inputTokens + answer.outputTokens };
}

function candidate(text: string, finishReason?: string): unknown {
  return { content: { parts: [{ text }], role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) };
}

/** Gemini's native API: `generateContent` JSON and `streamGenerateContent?alt=sse` frames (no `[DONE]`; the last has usage). */
export const geminiWire: WireFormat = {
  name: 'gemini',
  parseRequest,
  answerJson: (answer) => ({ candidates: [candidate(answer.text, 'STOP')], usageMetadata: usageMetadata(answer), modelVersion: answer.model, responseId: answer.id }),
  answerFrames: (answer, pieces) =>
    pieces.map((piece, index) => {
      const isLast = index === pieces.length - 1;
      return sseFrame({
        candidates: [candidate(piece, isLast ? 'STOP' : undefined)],
        ...(isLast ? { usageMetadata: usageMetadata(answer) } : {}),
        modelVersion: answer.model,
        responseId: answer.id,
      });
    }),
  errorJson: (status, message) => ({ error: { code: status, message, status: errorStatuses[status] ?? 'INTERNAL' } }),
  modelList: (ids) => ({
    models: ids.map((id) => ({
      name: `models/${id}`,
      version: '1',
      displayName: id,
      inputTokenLimit: 1_000_000,
      outputTokenLimit: 8192,
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    })),
  }),
};
