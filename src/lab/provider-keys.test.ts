import { describe, expect, it } from 'vitest';
import { createProviderKeyStore, maskKey } from './provider-keys';

describe('the provider key store', () => {
  it('masks keys to their last four characters', () => {
    expect(maskKey('sk-abcdefgh1234')).toBe('••••1234');
  });

  it('shares one OpenAI key between Chat Completions and Responses, and treats a blank key as clearing', () => {
    const keys = createProviderKeyStore();
    keys.set('openai-responses', '  sk-openai-5678 ');
    expect(keys.get('openai')).toBe('sk-openai-5678');
    expect(keys.list()).toEqual([{ provider: 'openai', last4: '••••5678' }]);
    keys.set('openai', '   ');
    expect(keys.get('openai-responses')).toBeUndefined();
  });
});
