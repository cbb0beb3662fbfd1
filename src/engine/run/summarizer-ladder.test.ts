import { describe, expect, it } from 'vitest';
import type { SummarizeRequest, Summarizer } from './ports';
import { isSameModel, summarizerLadder, summarizerNames } from './summarizer-ladder';

const answer = async (request: SummarizeRequest) => ({ text: request.role });
const at = (provider: string, modelId: string, baseURL?: string): Summarizer => ({ provider, modelId, baseURL, summarize: answer });

describe('summarizer identity', () => {
  it('tells one model id at two endpoints apart, and names both rungs in full', () => {
    const smol = at('openai-compatible', 'llama-3', 'http://127.0.0.1:8001/v1');
    const main = at('openai-compatible', 'llama-3', 'http://127.0.0.1:8002/v1');
    expect(isSameModel(smol, main)).toBe(false);
    expect(summarizerLadder({ main, smol }).map(({ role, name }) => `${role}=${name}`)).toEqual([
      'smol=openai-compatible:llama-3@127.0.0.1:8001',
      'main=openai-compatible:llama-3@127.0.0.1:8002',
    ]);
  });

  it('tells one model id at two providers apart', () => {
    const names = summarizerNames({ smol: at('openai', 'mock-ok'), main: at('anthropic', 'mock-ok', 'https://proxy.example/v1') });
    expect(names).toEqual({ smol: 'openai:mock-ok', main: 'anthropic:mock-ok@proxy.example' });
  });

  it('skips smol when it is the same model as main (provider, endpoint and id), even as another object', () => {
    const main = at('openai', 'gpt-4o-mini');
    const smol = at('openai', 'gpt-4o-mini');
    expect(isSameModel(smol, main)).toBe(true);
    expect(summarizerLadder({ main, smol })).toEqual([{ role: 'main', name: 'gpt-4o-mini', summarizer: main }]);
  });

  it('takes one model id at one host as the same model, whatever the path spelling, so no two rungs read alike', () => {
    const smol = at('openai-compatible', 'llama-3', 'http://127.0.0.1:8001/v1');
    const main = at('openai-compatible', 'llama-3', 'http://127.0.0.1:8001/v1/');
    expect(isSameModel(smol, main)).toBe(true);
    expect(summarizerLadder({ main, smol })).toEqual([{ role: 'main', name: 'llama-3', summarizer: main }]);
  });

  it('names distinct models by their plain ids, smol first', () => {
    const main = at('openai', 'gpt-4o');
    const smol = at('openai', 'gpt-4o-mini');
    expect(summarizerLadder({ main, smol }).map(({ role, name }) => [role, name])).toEqual([['smol', 'gpt-4o-mini'], ['main', 'gpt-4o']]);
    expect(summarizerLadder({})).toEqual([]);
  });
});
