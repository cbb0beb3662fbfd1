import { defaultBaseUrls, type ProviderId } from '../../providers/live/provider-spec';

/** How each provider is named in pickers. */
export const providerLabels: Record<ProviderId, string> = {
  openai: 'OpenAI (Chat Completions)',
  'openai-responses': 'OpenAI (Responses API)',
  anthropic: 'Anthropic',
  google: 'Google Gemini',
  openrouter: 'OpenRouter',
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, vLLM…)',
};

/** The key slots the keys form lists: OpenAI's two APIs share one key, and local servers usually need none. */
export const keySlots: { provider: ProviderId; label: string; isOptional?: boolean }[] = [
  { provider: 'openai', label: 'OpenAI' },
  { provider: 'anthropic', label: 'Anthropic' },
  { provider: 'google', label: 'Google Gemini' },
  { provider: 'openrouter', label: 'OpenRouter' },
  { provider: 'openai-compatible', label: 'OpenAI-compatible', isOptional: true },
];

/** The key slot a provider's calls use. */
export function keySlotOf(provider: ProviderId): ProviderId {
  return provider === 'openai-responses' ? 'openai' : provider;
}

/** What the base URL field shows when empty: the provider's own endpoint, or a local server's usual one. */
export function baseUrlPlaceholder(provider: ProviderId): string {
  return defaultBaseUrls[provider] ?? 'http://localhost:11434/v1 (required)';
}
