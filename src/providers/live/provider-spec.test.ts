import { describe, expect, it } from 'vitest';
import { baseUrlOf, hostOf, parseProviderArgument, providerSpecSchema } from './provider-spec';

describe('parseProviderArgument (PROVIDER:MODEL[@BASE_URL])', () => {
  it('parses a hosted provider with its default endpoint', () => {
    const parsed = parseProviderArgument('openai:gpt-4o-mini');
    expect(parsed).toEqual({ spec: { provider: 'openai', model: 'gpt-4o-mini' } });
    if ('spec' in parsed) expect(baseUrlOf(parsed.spec)).toBe('https://api.openai.com/v1');
    const openrouter = parseProviderArgument('openrouter:anthropic/claude-3.5-haiku');
    expect(openrouter).toEqual({ spec: { provider: 'openrouter', model: 'anthropic/claude-3.5-haiku' } });
    if ('spec' in openrouter) expect(baseUrlOf(openrouter.spec)).toBe('https://openrouter.ai/api/v1');
  });

  it('keeps a model id with a colon (Ollama name:tag) and takes the base URL after @', () => {
    const parsed = parseProviderArgument('openai-compatible:llama3.1:8b@http://localhost:11434/v1/');
    expect(parsed).toEqual({ spec: { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://localhost:11434/v1/' } });
    if ('spec' in parsed) {
      expect(baseUrlOf(parsed.spec)).toBe('http://localhost:11434/v1');
      expect(hostOf(parsed.spec)).toBe('localhost:11434');
    }
  });

  it('says what is wrong', () => {
    expect(parseProviderArgument('gpt-4o')).toEqual({ error: expect.stringContaining('is not PROVIDER:MODEL[@BASE_URL]') });
    expect(parseProviderArgument('azure:gpt-4o')).toEqual({ error: expect.stringMatching(/^unknown provider "azure"; use one of openai, openai-responses, anthropic/) });
    expect(parseProviderArgument('anthropic:')).toEqual({ error: expect.stringContaining('names no model') });
    expect(parseProviderArgument('openai-compatible:qwen')).toEqual({ error: expect.stringContaining('openai-compatible needs a baseURL') });
    expect(parseProviderArgument('openai:gpt-4o@localhost:8080')).toEqual({ error: expect.stringContaining('must start with http:// or https://') });
  });
});

describe('providerSpecSchema (a config\'s providers entries)', () => {
  it('accepts a full spec and rejects unknown fields and bad env names', () => {
    expect(providerSpecSchema.safeParse({ provider: 'google', model: 'gemini-2.5-flash', apiKeyEnv: 'GEMINI_API_KEY' }).success).toBe(true);
    expect(providerSpecSchema.safeParse({ provider: 'google', model: 'gemini-2.5-flash', apiKey: 'sk-x' }).success).toBe(false);
    expect(providerSpecSchema.safeParse({ provider: 'openai', model: 'gpt-4o', apiKeyEnv: 'not a name' }).success).toBe(false);
    expect(providerSpecSchema.safeParse({ provider: 'openai', model: 'gpt-4o', baseURL: 'file:///etc' }).success).toBe(false);
  });
});
