import { describe, expect, it } from 'vitest';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import { message, textMessage } from './auto-compactor.test-support';
import { exactEstimator, seedEstimator, usageTokens } from './estimate';

describe('token estimate (spec §1.9)', () => {
  it('chars/4 per message: text, thinking, tool call name + JSON args, 4800 chars per image', () => {
    const estimator = seedEstimator();
    expect(estimator.messageTokens(textMessage('user', 401))).toBe(101);
    expect(estimator.messageTokens(message('user', [{ kind: 'image', source: 'base64' }]))).toBe(1200);
    const assistant = message('assistant', [{ kind: 'thinking', text: 'abcd' }, { kind: 'tool_call', callId: 'c', name: 'read', args: { path: 'a' }, argsRaw: '' }]);
    expect(estimator.messageTokens(assistant)).toBe(Math.ceil((4 + 4 + JSON.stringify({ path: 'a' }).length) / 4));
  });

  it('the usage anchor: last assistant usage plus the heuristic of later messages; the system prompt only when unanchored', () => {
    const estimator = seedEstimator();
    const system = message('system', [{ kind: 'text', text: 's'.repeat(400) }]);
    const anchored = [textMessage('user', 400), textMessage('assistant', 400, { usage: { inputTokens: 3000, outputTokens: 100, cacheReadTokens: 500, cacheWriteTokens: 0, totalTokens: 0 } }), textMessage('user', 400)];
    expect(estimator.contextTokens(anchored)).toBe(3600 + 100);
    expect(estimator.requestTokens(anchored, system)).toBe(3700);
    const unanchored = [textMessage('user', 400), textMessage('assistant', 400)];
    expect(estimator.requestTokens(unanchored, system)).toBe(300);
    expect(usageTokens({ totalTokens: 42, inputTokens: 1 })).toBe(42);
  });

  it('exact counting (option): the counter port per message, no anchor, system always counted', () => {
    const estimator = exactEstimator(charsPerTokenCounter(2));
    const messages = [textMessage('user', 400), textMessage('assistant', 400, { usage: { totalTokens: 5000 } })];
    expect(estimator.contextTokens(messages)).toBe(400);
    expect(estimator.requestTokens(messages, message('system', [{ kind: 'text', text: 'abcd' }]))).toBe(402);
  });
});
