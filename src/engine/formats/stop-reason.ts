import type { MessageStop, StopReason } from '../transcript/model';

/** One format's stop-reason vocabulary: its own value → our word. Values not listed read as `other`. */
export type StopVocabulary = Readonly<Record<string, StopReason>>;

/**
 * Messages API `stop_reason` (Anthropic, Claude Code, LangChain over Anthropic). `pause_turn` asks the caller to
 * resubmit, so the model did stop on its own; a refusal is the model declining, our `content_filter`.
 */
export const messagesApiStops: StopVocabulary = {
  end_turn: 'end',
  stop_sequence: 'end',
  pause_turn: 'end',
  tool_use: 'tool_use',
  max_tokens: 'length',
  refusal: 'content_filter',
};

/** Chat Completions `finish_reason` (OpenAI, the responses OpenHands embeds, LangChain over OpenAI). */
export const chatCompletionStops: StopVocabulary = {
  stop: 'end',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'length',
  content_filter: 'content_filter',
};

/** Gemini `finishReason`: the safety family is a filter, a malformed or unexpected tool call a failed call. */
export const geminiStops: StopVocabulary = {
  STOP: 'end',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  LANGUAGE: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
};

/** Inspect AI `stop_reason` on a model output choice. */
export const inspectStops: StopVocabulary = {
  stop: 'end',
  tool_calls: 'tool_use',
  max_tokens: 'length',
  model_length: 'length',
  content_filter: 'content_filter',
};

/**
 * The stop a source recorded, in a format's vocabulary; undefined when the field is absent, null or empty, so a
 * message never gets a stop reason its source did not write.
 */
export function readStop(value: unknown, vocabulary: StopVocabulary): MessageStop | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return { reason: Object.hasOwn(vocabulary, value) ? vocabulary[value] : 'other', raw: value };
}

/**
 * A Responses API response's `status` (with `incomplete_details.reason`): completed → end, failed → error, cancelled
 * → aborted, incomplete → length or content_filter by its reason. A response still `in_progress` or `queued` has not
 * stopped, so it gets none.
 */
export function readResponsesStop(status: unknown, incompleteReason: unknown): MessageStop | undefined {
  if (status === 'completed') return { reason: 'end', raw: status };
  if (status === 'failed') return { reason: 'error', raw: status };
  if (status === 'cancelled') return { reason: 'aborted', raw: status };
  if (status !== 'incomplete') return undefined;
  if (typeof incompleteReason !== 'string' || incompleteReason === '') return { reason: 'other', raw: status };
  const reason: StopReason = incompleteReason === 'max_output_tokens' ? 'length' : incompleteReason === 'content_filter' ? 'content_filter' : 'other';
  return { reason, raw: `${status}/${incompleteReason}` };
}
