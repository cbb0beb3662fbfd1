import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/model';
import { countTranscript } from './accounting';
import { TokenCache } from './token-cache';
import { charsPerTokenCounter, type TokenCounter } from './token-counter';
import { testMessage } from './test-messages';

/** One token per character: makes every expected number readable from the texts. */
const perChar: TokenCounter = { encoding: 'o200k_base', count: (text) => text.length };

const transcript: Transcript = {
  id: 't',
  source: { format: 'openai-chat' },
  system: testMessage('system', [{ kind: 'text', text: 'Be brief.' }], 'system'),
  messages: [
    testMessage('user', [{ kind: 'text', text: 'Look at this' }, { kind: 'image', source: 'base64' }], 'u1'),
    testMessage(
      'assistant',
      [
        { kind: 'thinking', text: 'ok' },
        { kind: 'tool_call', callId: 'c1', name: 'ls', args: {}, argsRaw: '{}' },
      ],
      'a1',
    ),
    testMessage('tool', [{ kind: 'tool_result', callId: 'c1', content: 'a.ts b.ts', isError: false }], 't1'),
  ],
  markers: [],
  meta: {},
};

describe('countTranscript', () => {
  it('counts each message text plus image estimates, and sums by role and block kind to the total', () => {
    const result = countTranscript(transcript, perChar);
    // u1: 'Look at this' 12 + image 1600; a1: 'ok\nls\n{}' 8; t1: 'a.ts b.ts' 9; system 9.
    expect(result.perMessage).toEqual([1612, 8, 9]);
    expect(result.system).toBe(9);
    expect(result.total).toBe(1638);
    expect(result.byRole).toEqual({ system: 9, user: 1612, assistant: 8, tool: 9 });
    // a1 alone: thinking 'ok' = 2, tool call 'ls\n{}' = 5 → 8 tokens shared 2:5 → 2.29 / 5.71 → 2 + 6 by largest remainder.
    expect(result.byBlockKind).toEqual({ text: 21, thinking: 2, image: 1600, tool_call: 6, tool_result: 9 });
    expect(result.imageTokens).toBe(1600);
    expect(result.isEstimate).toBe(false);
    expect(result.encoding).toBe('o200k_base');
  });

  it('re-counts unchanged messages from the cache', () => {
    const calls: string[] = [];
    const counter: TokenCounter = { encoding: 'cl100k_base', count: (text) => (calls.push(text), text.length) };
    const cache = new TokenCache();
    countTranscript(transcript, counter, cache);
    const first = calls.length;
    const again = countTranscript(transcript, counter, cache);
    expect(calls.length).toBe(first);
    expect(again.total).toBe(1638);
  });

  it('marks results from an estimate counter', () => {
    const result = countTranscript(transcript, charsPerTokenCounter());
    expect(result.isEstimate).toBe(true);
    expect(result.perMessage).toEqual([1600 + 3, 2, 3]);
  });
});
