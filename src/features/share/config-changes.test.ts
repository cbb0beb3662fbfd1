import { describe, expect, it } from 'vitest';
import { documentChanges } from './config-changes';

describe('what applying a config changes', () => {
  it('lists each changed field by its path, nested ones dotted, with long texts summed up', () => {
    const prompt = 'Summarize the conversation. '.repeat(10);
    const before = { profile: 'auto-compactor', keepRecentTokens: 20_000, prompts: { summary: 'Short.' }, force: true };
    const after = { profile: 'auto-compactor', keepRecentTokens: 3000, prompts: { summary: prompt }, maxPasses: 2 };
    expect(documentChanges(before, after)).toEqual([
      { path: 'force', before: 'true' },
      { path: 'keepRecentTokens', before: '20000', after: '3000' },
      { path: 'maxPasses', after: '2' },
      { path: 'prompts.summary', before: '"Short."', after: `a text of ${prompt.length} characters` },
    ]);
  });

  it('says nothing changes when the documents are equal, arrays compared whole', () => {
    expect(documentChanges({ a: [1, 2], b: { c: 1 } }, { b: { c: 1 }, a: [1, 2] })).toEqual([]);
    expect(documentChanges({ a: [1, 2] }, { a: [2, 1] })).toEqual([{ path: 'a', before: '[1,2]', after: '[2,1]' }]);
    expect(documentChanges({}, { prompts: { summary: 'Sum.' } })).toEqual([{ path: 'prompts.summary', after: '"Sum."' }]);
  });
});
