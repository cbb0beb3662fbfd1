import { describe, expect, it } from 'vitest';
import type { HarnMessage } from '../../strategies/harn-message';
import { findSplit } from './split';

const user = (content = 'u'): HarnMessage => ({ role: 'user', content });
const assistant = (content = 'a'): HarnMessage => ({ role: 'assistant', content });
const call = (id: string): HarnMessage => ({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'f', arguments: '{}' } }] });
const result = (id: string): HarnMessage => ({ role: 'tool', content: 'out', tool_call_id: id });

describe('seed 3 split', () => {
  it('H11: len ≤ keep_first + keep_last is a no-op', () => {
    expect(findSplit([user(), assistant(), user(), assistant()], 0, 6)).toBeUndefined();
  });

  it('H12 split: snaps back from 6 to the user message at 5', () => {
    const messages = [assistant(), user(), assistant(), user(), assistant(), user(), assistant(), user()];
    expect(findSplit(messages, 0, 2)).toEqual({ compactStart: 0, split: 5, isNaiveFallback: false });
  });

  it('H14 split: the guard keeps the user message that opens the tool turn', () => {
    const messages = [user('old task'), assistant('old reply'), user('new task'), { ...call('call_1'), reasoning: 'think' }, result('call_1')];
    expect(findSplit(messages, 0, 2)).toEqual({ compactStart: 0, split: 2, isNaiveFallback: false });
  });

  it('the guard can move the split later, archiving plain turns inside keep_last', () => {
    const messages = [user(), assistant(), user(), assistant(), user(), call('c1'), result('c1')];
    expect(findSplit(messages, 0, 4)?.split).toBe(4);
  });

  it('naive-fallback quirk: one user message at index 0 with tool traffic → naive split separates a pair', () => {
    const messages = [user('task'), call('c1'), result('c1'), call('c2'), result('c2'), call('c3'), result('c3')];
    const split = findSplit(messages, 0, 1);
    expect(split).toEqual({ compactStart: 0, split: 6, isNaiveFallback: true });
    // The call c3 is archived while its result stays: the seed's documented quirk.
    expect(messages[(split?.split ?? 0) - 1].tool_calls?.[0].id).toBe('c3');
    expect(messages[split?.split ?? 0].tool_call_id).toBe('c3');
  });

  it('keep_first protects the head and a missing user boundary after it falls back naively', () => {
    expect(findSplit([user(), assistant(), assistant(), assistant(), assistant()], 1, 2)).toEqual({ compactStart: 1, split: 3, isNaiveFallback: true });
  });
});
