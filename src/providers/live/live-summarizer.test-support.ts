import type { SummarizeRequest } from '../../engine';
import type { ProviderId, ProviderSpec } from './provider-spec';

// The SDK's compatibility warnings (e.g. Anthropic's max-token default for an unknown model id) are noise in test output.
globalThis.AI_SDK_LOG_WARNINGS = false;

/** A key shaped like a real one, so a leak into any message is easy to spot. */
export const secretKey = 'sk-live-test-9f8e7d6c5b4a3210';

/** The provider kinds the mock speaks, and the base-URL path each one's SDK expects under the mock's origin. */
export const mockedProviders: { provider: ProviderId; path: string }[] = [
  { provider: 'openai', path: '/v1' },
  { provider: 'openai-responses', path: '/v1' },
  { provider: 'anthropic', path: '/v1' },
  { provider: 'google', path: '/v1beta' },
  { provider: 'openai-compatible', path: '/v1' },
];

/** A spec for `provider` pointing at the mock. */
export function mockSpec(mockUrl: string, provider: ProviderId, model: string): ProviderSpec {
  const path = mockedProviders.find((entry) => entry.provider === provider)?.path ?? '/v1';
  return { provider, model, baseURL: `${mockUrl}${path}` };
}

/** A small summarization request with a real-looking conversation. */
export function summarizeRequest(signal: AbortSignal = new AbortController().signal): SummarizeRequest {
  return {
    role: 'smol',
    system: 'You are a context summarization assistant. Write the summary with the sections ## Goal and ## Progress.',
    prompt: '<conversation>\n[User]: Please fix the failing test in src/parser.ts.\n[Assistant]: I read src/parser.ts and changed the regex; npm test passes now.\n</conversation>',
    signal,
  };
}
