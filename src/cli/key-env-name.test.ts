import { describe, expect, it } from 'vitest';
import { UsageError } from './arguments';
import { looksLikeKey } from './key-env-name';
import { readProviderKey } from './provider-arguments';

describe('a would-be variable name that looks like a key (issue 14 items 3 and 11)', () => {
  it('takes known key shapes, long names not in one case, and random-looking words for keys', () => {
    for (const key of ['aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY', 'sk-proj-AAAAbbbbCCCCddddEEEEffffGGGGhhhh1234', 'ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'Q7W3E9R2T5Y8U1I4O6P0', 'a8f3k29dx7q2m4b9c1d2', 'SECRET_A1B2C3D4E5F6', 'QWERTYUIOPASDFGHJKLZXCVB', 'myOpenAiApiKeyVariable']) {
      expect(looksLikeKey(key), key).toBe(true);
    }
  });

  it('leaves ordinary names alone, long SNAKE_CASE ones included', () => {
    for (const name of ['OPENAI_API_KEY', 'HF_TOKEN', 'my_openai_key', 'GOOGLE_GENERATIVE_AI_API_KEY', 'ANTHROPIC_API_KEY_FOR_PRODUCTION_2', 'AZURE_OPENAI_API_KEY_EASTUS2', 'INTERNATIONALIZATION_KEY', 'VERY_LONG_ENVIRONMENT_VARIABLE_NAME_FOR_THE_KEY']) {
      expect(looksLikeKey(name), name).toBe(false);
    }
  });

  it('names an ordinary variable that is not set, but never one that looks like a key', () => {
    const spec = { provider: 'openai' as const, model: 'gpt-4o' };
    expect(() => readProviderKey({ ...spec, apiKeyEnv: 'OPENAI_API_KEY' }, {})).toThrow('environment variable OPENAI_API_KEY is not set (it should hold the openai API key)');
    const bareKey = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY';
    let message = '';
    try {
      readProviderKey({ ...spec, apiKeyEnv: bareKey }, {});
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^the environment variable given \(its name looks like a key, so it is not shown\) is not set/);
    expect(message).not.toContain(bareKey.slice(0, 8));
  });
});
