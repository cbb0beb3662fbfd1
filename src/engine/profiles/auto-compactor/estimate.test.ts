import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import type { Message, StopReason, Usage } from '../../transcript/model';
import { message, textMessage } from './auto-compactor.test-support';
import { exactEstimator, isUsageAnchor, seedEstimator, unanchoredStopReasons, usageAnchorIndex, usageTokens } from './estimate';
import { shouldCompact } from './gate';

/** An assistant message with text, usage and a recorded stop reason, like upstream's `_assistant` test helper. */
function assistant(text: string, usage?: Usage, reason?: StopReason): Message {
  const built = message('assistant', [{ kind: 'text', text }], { usage });
  return reason === undefined ? built : { ...built, stop: { reason, raw: reason } };
}

const fiveThousand: Usage = { inputTokens: 5000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, totalTokens: 5000 };

describe('token estimate (spec §1.9)', () => {
  it('chars/4 per message: text, thinking, tool call name + JSON args, 4800 chars per image', () => {
    const estimator = seedEstimator();
    expect(estimator.messageTokens(textMessage('user', 401))).toBe(101);
    expect(estimator.messageTokens(message('user', [{ kind: 'image', source: 'base64' }]))).toBe(1200);
    const withCall = message('assistant', [{ kind: 'thinking', text: 'abcd' }, { kind: 'tool_call', callId: 'c', name: 'read', args: { path: 'a' }, argsRaw: '' }]);
    expect(estimator.messageTokens(withCall)).toBe(Math.ceil((4 + 4 + JSON.stringify({ path: 'a' }).length) / 4));
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

/** Upstream's `test/compaction/token_estimation_test.dart` (at 6640c192, the version beside token_estimation.dart a59761de). */
describe('token estimate: upstream token_estimation_test.dart (E1–E10)', () => {
  it('E1: "user message with plain string content" (rounds up, never down)', () => {
    const estimator = seedEstimator();
    expect(estimator.messageTokens(message('user', [{ kind: 'text', text: 'a'.repeat(100) }]))).toBe(25);
    expect(estimator.messageTokens(message('user', [{ kind: 'text', text: 'a'.repeat(5) }]))).toBe(2);
  });

  it('E2: "user message with text and image blocks (image ≈ 1200 tokens)"', () => {
    const user = message('user', [{ kind: 'text', text: 'a'.repeat(40) }, { kind: 'image', source: 'base64', mediaType: 'image/png' }]);
    expect(seedEstimator().messageTokens(user)).toBe(1210);
  });

  it('E3: "assistant message sums text, thinking and tool calls"', () => {
    const args = { path: '/foo/bar.dart', limit: 10 };
    const reply = message('assistant', [
      { kind: 'text', text: 'a'.repeat(40) },
      { kind: 'thinking', text: 'b'.repeat(20) },
      { kind: 'tool_call', callId: 'c1', name: 'read', args, argsRaw: JSON.stringify(args) },
    ]);
    expect(seedEstimator().messageTokens(reply)).toBe(Math.ceil((40 + 20 + 'read'.length + JSON.stringify(args).length) / 4));
  });

  it('E4: "tool result message counts text and images"', () => {
    const result = message('tool', [{ kind: 'tool_result', callId: 'c1', name: 'read', content: 'a'.repeat(8), isError: false }, { kind: 'image', source: 'base64' }]);
    expect(seedEstimator().messageTokens(result)).toBe(1202);
  });

  it('E5: "prefers totalTokens when reported" (calculateContextTokens)', () => {
    expect(usageTokens({ inputTokens: 10, outputTokens: 20, cacheReadTokens: 30, cacheWriteTokens: 40, totalTokens: 999 })).toBe(999);
  });

  it('E6: "sums components when totalTokens is zero" (calculateContextTokens)', () => {
    expect(usageTokens({ inputTokens: 10, outputTokens: 20, cacheReadTokens: 30, cacheWriteTokens: 40, totalTokens: 0 })).toBe(100);
  });

  it('E7: "no assistant usage: pure heuristic over all messages"', () => {
    const messages = [message('user', [{ kind: 'text', text: 'a'.repeat(100) }]), assistant('b'.repeat(100))];
    expect(usageAnchorIndex(messages)).toBe(-1);
    expect(seedEstimator().contextTokens(messages)).toBe(50);
  });

  it('E8: "uses the last valid assistant usage plus trailing estimate"', () => {
    const messages = [message('user', [{ kind: 'text', text: 'a'.repeat(100) }]), assistant('b'.repeat(100), fiveThousand, 'end'), message('user', [{ kind: 'text', text: 'c'.repeat(200) }])];
    expect(usageAnchorIndex(messages)).toBe(1);
    expect(seedEstimator().contextTokens(messages)).toBe(5050);
  });

  it('E9: "ignores usage from errored or aborted assistant messages" (and what upstream maps onto error)', () => {
    for (const reason of ['error', 'aborted', 'content_filter', 'other'] as const) {
      const messages = [message('user', [{ kind: 'text', text: 'a'.repeat(100) }]), assistant('b'.repeat(100), fiveThousand, reason)];
      expect(usageAnchorIndex(messages)).toBe(-1);
      expect(seedEstimator().contextTokens(messages)).toBe(50);
    }
  });

  it('E10: "ignores zero-valued usage blocks"', () => {
    expect(usageAnchorIndex([assistant('b'.repeat(100), { inputTokens: 0, outputTokens: 0, totalTokens: 0 })])).toBe(-1);
  });
});

describe('token estimate: the stop reason decides the anchor (E11–E14)', () => {
  it('E11: [user 400 chars, assistant "ok" that errored with usage 5,000] estimates 101, and the gate stays shut', () => {
    const messages = [textMessage('user', 400), assistant('ok', fiveThousand, 'error')];
    const estimator = seedEstimator();
    expect(estimator.contextTokens(messages)).toBe(101);
    expect(estimator.requestTokens(messages)).toBe(101);
    expect(shouldCompact(estimator.requestTokens(messages), 1000, { reserveTokens: 100, keepRecentTokens: 150 })).toBe(false);
  });

  it('E12: the anchor falls back to the last assistant that did not fail', () => {
    const messages = [textMessage('user', 40), assistant('a', { totalTokens: 700 }, 'tool_use'), textMessage('tool', 40), assistant('ok', fiveThousand, 'aborted'), textMessage('user', 40)];
    expect(usageAnchorIndex(messages)).toBe(1);
    expect(seedEstimator().contextTokens(messages)).toBe(700 + 10 + 1 + 10);
  });

  it('E13: end, tool_use and length anchor (upstream stop, toolUse, length)', () => {
    for (const reason of ['end', 'tool_use', 'length'] as const) {
      expect(isUsageAnchor(assistant('x', fiveThousand, reason))).toBe(true);
    }
    expect([...unanchoredStopReasons].sort()).toEqual(['aborted', 'content_filter', 'error', 'other']);
  });

  it('E14: a message whose source recorded no stop reason anchors (upstream always has one; absent reads as finished)', () => {
    const messages = [textMessage('user', 400), assistant('ok', fiveThousand)];
    expect(usageAnchorIndex(messages)).toBe(1);
    expect(seedEstimator().contextTokens(messages)).toBe(5000);
  });
});

describe('token estimate: where ours differs from token_estimation.dart (E15)', () => {
  it('E15: a system message inside the list is charged chars/4 (upstream estimates any kind but user, assistant and tool result as 0)', () => {
    const messages = [textMessage('user', 40), message('system', [{ kind: 'text', text: 's'.repeat(80) }], { origin: 'injected' })];
    expect(seedEstimator().contextTokens(messages)).toBe(10 + 20);
  });

  it('E19: unanchored, the request estimate adds the system prompt\'s chars/4 and nothing for tool schemas (upstream\'s estimateRequestTokens adds both; a transcript records no tool definitions)', () => {
    const messages = [textMessage('user', 40), textMessage('assistant', 80)];
    const system = message('system', [{ kind: 'text', text: 's'.repeat(400) }], { origin: 'injected' });
    expect(seedEstimator().requestTokens(messages, system)).toBe(10 + 20 + 100);
    // Anchored, neither is added: the provider's usage already holds the whole request.
    const anchored = [textMessage('user', 40), assistant('ok', fiveThousand)];
    expect(seedEstimator().requestTokens(anchored, system)).toBe(5000);
  });
});

const stopReasons: readonly StopReason[] = ['end', 'tool_use', 'length', 'content_filter', 'error', 'aborted', 'other'];

/** A random message: any role, short text, sometimes usage (0 included), sometimes a stop reason. */
const messageArbitrary: fc.Arbitrary<Message> = fc
  .record({
    role: fc.constantFrom<Message['role']>('user', 'assistant', 'tool', 'assistant'),
    text: fc.string({ maxLength: 60 }),
    usage: fc.option(fc.record({ totalTokens: fc.integer({ min: 0, max: 20_000 }), inputTokens: fc.integer({ min: 0, max: 20_000 }) }), { nil: undefined }),
    reason: fc.option(fc.constantFrom(...stopReasons), { nil: undefined }),
  })
  .map(({ role, text, usage, reason }) => {
    const built = message(role, [{ kind: 'text', text }], { usage });
    return reason === undefined ? built : { ...built, stop: { reason, raw: reason } };
  });

function heuristicSum(messages: readonly Message[]): number {
  const estimator = seedEstimator();
  return messages.reduce((sum, entry) => sum + estimator.messageTokens(entry), 0);
}

describe('token estimate: properties (fast-check)', () => {
  it('E16: the anchor is never an errored, aborted, filtered or unknown-stop assistant, and always has usage', () => {
    fc.assert(
      fc.property(fc.array(messageArbitrary, { maxLength: 30 }), (messages) => {
        const index = usageAnchorIndex(messages);
        if (index < 0) return messages.every((entry) => !isUsageAnchor(entry));
        const anchor = messages[index];
        return anchor.role === 'assistant' && usageTokens(anchor.usage) > 0 && !unanchoredStopReasons.has(anchor.stop?.reason ?? 'end') && messages.slice(index + 1).every((entry) => !isUsageAnchor(entry));
      }),
      { seed: 90_812, numRuns: 400 },
    );
  });

  it('E17: with no usable anchor the estimate is the chars/4 sum of every message', () => {
    const unusable = messageArbitrary.map((entry) => (entry.role === 'assistant' && entry.usage ? { ...entry, stop: { reason: 'error' as const, raw: 'error' } } : entry));
    fc.assert(
      fc.property(fc.array(unusable, { maxLength: 30 }), (messages) => seedEstimator().contextTokens(messages) === heuristicSum(messages)),
      { seed: 90_813, numRuns: 400 },
    );
  });

  it('E18: adding an errored assistant with huge usage raises the estimate by at most its own chars/4', () => {
    fc.assert(
      fc.property(fc.array(messageArbitrary, { maxLength: 30 }), fc.nat(), fc.string({ maxLength: 80 }), fc.constantFrom<StopReason>('error', 'aborted'), (messages, at, text, reason) => {
        const failed = assistant(text, { totalTokens: 1_000_000 }, reason);
        const position = at % (messages.length + 1);
        const withFailed = [...messages.slice(0, position), failed, ...messages.slice(position)];
        const increase = seedEstimator().contextTokens(withFailed) - seedEstimator().contextTokens(messages);
        return increase >= 0 && increase <= seedEstimator().messageTokens(failed);
      }),
      { seed: 90_814, numRuns: 400 },
    );
  });
});
