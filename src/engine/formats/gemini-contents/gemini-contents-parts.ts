import type { Block, Usage } from '../../transcript/model';
import { imageFromBase64, imageFromUrl } from '../image-blocks';
import type { ImportIssue, SourceLocation } from '../import-report';
import { CallIdRegistry } from '../unique-ids';
import { compactUsage, TokenFigures } from '../usage';
import { asRecord, asString, stringify, toolArguments } from '../shared';

/**
 * Links Gemini function calls and responses. The optional `id` wins (a reused one is kept apart by the call-id
 * registry); without one, a call gets a synthesized id (`gemini-call-<n>`) and a response takes the oldest open call
 * of the same name (the only key the format has).
 */
export class GeminiCallLinker {
  private readonly openCalls: { name: string; callId: string }[] = [];
  private readonly registry = new CallIdRegistry();
  private callCount = 0;
  private resultCount = 0;
  /** True once an id had to be synthesized, so the importer can say that pairing was by name and order. */
  hasSynthesized = false;

  /** The id of a new call; `where` locates a reused id for the warning. */
  callId(name: string, sourceId: string | undefined, where?: SourceLocation): string {
    this.callCount += 1;
    const callId = sourceId !== undefined ? this.registry.call(sourceId, where) : `gemini-call-${this.callCount}`;
    if (sourceId === undefined) this.hasSynthesized = true;
    this.openCalls.push({ name, callId });
    return callId;
  }

  /** The call id a response answers; an orphan id when no open call matches. */
  resultId(name: string, sourceId: string | undefined): string {
    this.resultCount += 1;
    if (sourceId !== undefined) {
      const callId = this.registry.result(sourceId);
      const open = this.openCalls.findIndex((call) => call.callId === callId);
      if (open !== -1) this.openCalls.splice(open, 1);
      return callId;
    }
    const index = this.openCalls.findIndex((call) => call.name === name);
    if (index !== -1) return this.openCalls.splice(index, 1)[0].callId;
    this.hasSynthesized = true;
    return `gemini-result-${this.resultCount}`;
  }

  /** One warning per call id the source used for more than one call. */
  reuseWarnings(fallback?: SourceLocation): ImportIssue[] {
    return this.registry.reuseWarnings(fallback);
  }
}

/** A functionResponse payload as result text: `output`/`result`/`content` when it is a string, else the JSON. */
export function functionResponseText(response: unknown): { text: string; isError: boolean } {
  const record = asRecord(response);
  if (record?.error !== undefined) return { text: stringify(record.error), isError: true };
  const direct = asString(record?.output) ?? asString(record?.result) ?? asString(record?.content);
  return { text: direct ?? stringify(response), isError: false };
}

/** One Gemini part in canonical form, plus whether it is a function response (those make a tool message). */
export function convertGeminiPart(value: unknown, linker: GeminiCallLinker, where?: SourceLocation): { block?: Block; isResult: boolean; unknownKeys?: string } {
  const part = asRecord(value) ?? {};
  const text = asString(part.text);
  if (text !== undefined) {
    if (part.thought === true) {
      const signature = asString(part.thoughtSignature);
      return { block: { kind: 'thinking', text, ...(signature ? { signature } : {}) }, isResult: false };
    }
    return { block: { kind: 'text', text }, isResult: false };
  }
  const call = asRecord(part.functionCall);
  if (call) {
    const name = asString(call.name) ?? 'unknown';
    return { block: { kind: 'tool_call', callId: linker.callId(name, asString(call.id), where), name, ...toolArguments(call.args ?? {}) }, isResult: false };
  }
  const response = asRecord(part.functionResponse);
  if (response) {
    const name = asString(response.name) ?? 'unknown';
    const { text: content, isError } = functionResponseText(response.response);
    return { block: { kind: 'tool_result', callId: linker.resultId(name, asString(response.id)), name, content, isError }, isResult: true };
  }
  const inline = asRecord(part.inlineData);
  if (inline) {
    const mimeType = asString(inline.mimeType) ?? '';
    if (mimeType.startsWith('image/')) return { block: imageFromBase64(asString(inline.data) ?? '', mimeType), isResult: false };
    return { block: { kind: 'text', text: `[inline data: ${mimeType || 'unknown type'}]` }, isResult: false };
  }
  const file = asRecord(part.fileData);
  if (file) {
    const mimeType = asString(file.mimeType) ?? '';
    const uri = asString(file.fileUri) ?? '';
    return { block: mimeType.startsWith('image/') ? imageFromUrl(uri, mimeType) : { kind: 'text', text: `[file: ${uri}]` }, isResult: false };
  }
  const code = asRecord(part.executableCode);
  if (code) return { block: { kind: 'text', text: asString(code.code) ?? '' }, isResult: false };
  const codeResult = asRecord(part.codeExecutionResult);
  if (codeResult) return { block: { kind: 'text', text: asString(codeResult.output) ?? '' }, isResult: false };
  if (part.thoughtSignature !== undefined) return { isResult: false };
  return { isResult: false, unknownKeys: Object.keys(part).join(', ') || 'empty part' };
}

/**
 * Gemini's output as every importer states it: Gemini counts thinking (`thoughts`) apart from the answer (`candidates`)
 * but bills both as output, so the output is their sum and the thinking its reasoning part (OpenAI's output already
 * includes its reasoning tokens). Undefined when neither was logged.
 */
export function geminiOutputTokens(candidates: number | undefined, thoughts: number | undefined): number | undefined {
  return candidates === undefined && thoughts === undefined ? undefined : (candidates ?? 0) + (thoughts ?? 0);
}

/**
 * Gemini `usageMetadata`; the prompt count includes cached tokens, and tool-use prompt tokens add to the context (left
 * out when that figure was refused as implausible; `figures` collects the refusals for a warning). The output counts
 * the thinking tokens too (`geminiOutputTokens`).
 */
export function geminiUsage(value: unknown, figures = new TokenFigures()): Usage | undefined {
  const usage = asRecord(value);
  if (!usage) return undefined;
  const inputTokens = figures.read(usage, 'promptTokenCount');
  const refusedBefore = figures.refusedCount;
  const toolPromptTokens = figures.read(usage, 'toolUsePromptTokenCount') ?? 0;
  const isContextWhole = figures.refusedCount === refusedBefore;
  const reasoningTokens = figures.read(usage, 'thoughtsTokenCount');
  return compactUsage({
    inputTokens,
    outputTokens: geminiOutputTokens(figures.read(usage, 'candidatesTokenCount'), reasoningTokens),
    cacheReadTokens: figures.read(usage, 'cachedContentTokenCount'),
    reasoningTokens,
    totalTokens: figures.read(usage, 'totalTokenCount'),
    contextTokens: inputTokens !== undefined && isContextWhole ? inputTokens + toolPromptTokens : undefined,
  });
}
