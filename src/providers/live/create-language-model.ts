import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { originBoundFetch, type AnsweredRequest } from './origin-bound-fetch';
import { baseUrlOf, type ProviderSpec } from './provider-spec';

/**
 * Builds the AI SDK language model for a spec. The key is passed explicitly (possibly undefined for a keyless local
 * server); callers must refuse a missing key for hosted providers first, because the SDK would otherwise fall back to
 * its own environment variables (OPENAI_API_KEY, …) and send a key the user never chose.
 * Every provider's requests go through `originBoundFetch`, so no redirect carries the key to another origin (the
 * platform's fetch would re-send `x-api-key` or `x-goog-api-key` there). `baseFetch` replaces the platform's fetch
 * (tests intercept requests with it); `onAnswer` sees each response and the URL that gave it, for call records.
 */
export function createLanguageModel(
  spec: ProviderSpec,
  apiKey: string | undefined,
  baseFetch?: typeof globalThis.fetch,
  onAnswer?: (answer: AnsweredRequest) => void,
): LanguageModel {
  const baseURL = baseUrlOf(spec);
  // Read at call time, so a fetch replaced after the model was built (tests) is the one used.
  const fetch = originBoundFetch(baseFetch ?? ((input, init) => globalThis.fetch(input, init)), onAnswer);
  switch (spec.provider) {
    case 'openai':
    case 'openrouter':
      // Chat Completions: the plain `openai(id)` shorthand would call the Responses API instead.
      return createOpenAI({ apiKey, baseURL, fetch, name: spec.provider }).chat(spec.model);
    case 'openai-responses':
      return createOpenAI({ apiKey, baseURL, fetch }).responses(spec.model);
    case 'anthropic':
      // Anthropic refuses browser-origin calls unless the caller opts in with this header; the worker is such a caller.
      return createAnthropic({ apiKey, baseURL, fetch, headers: { 'anthropic-dangerous-direct-browser-access': 'true' } })(spec.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL, fetch })(spec.model);
    case 'openai-compatible':
      return createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL, fetch, includeUsage: true }).chatModel(spec.model);
  }
}
