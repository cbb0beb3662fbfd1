import { describe, expect, it } from 'vitest';
import { callMessage, resultMessage, runWith, textMessage } from './auto-compactor.test-support';
import { memoryExtractionText } from './memory-hook';

describe('memory extraction hook (spec §1.5 step 5)', () => {
  it('memory hook is called once per successful pass with no tool-result text', async () => {
    const calls: string[] = [];
    const messages = [
      textMessage('user', 404, { label: 'ask one ' }),
      callMessage('c1', 'bash', { command: 'ls' }),
      resultMessage('c1', 'SECRET TOOL OUTPUT'),
      textMessage('assistant', 404, { label: 'answer one ' }),
      ...Array.from({ length: 10 }, () => textMessage('user', 404)),
    ];
    const { result } = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'short' }], memoryExtractionHook: (text) => void calls.push(text) });
    expect(result.passes).toHaveLength(2);
    // Pass 2 folds only the previous checkpoint (its span is empty), so there is no text to hand over.
    expect(result.passes.every((pass) => pass.ok)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].startsWith('ask one ')).toBe(true);
    expect(calls[0]).toContain('\nanswer one ');
    expect(calls.join('\n')).not.toContain('SECRET TOOL OUTPUT');
  });

  it('memory hook is never called on local trim, and its failures do not fail the pass', async () => {
    const calls: string[] = [];
    const messages = Array.from({ length: 12 }, () => textMessage('user', 404));
    const trimmed = await runWith(messages, { main: [{ error: 'nope' }], memoryExtractionHook: (text) => void calls.push(text) });
    expect(trimmed.result.passes[0].fallback).toBe('local-trim');
    expect(calls).toEqual([]);
    const failing = await runWith(messages, { memoryExtractionHook: () => Promise.reject(new Error('hook broke')) });
    expect(failing.result.success).toBe(true);
    const throwing = await runWith(messages, { memoryExtractionHook: () => { throw new Error('sync'); } });
    expect(throwing.result.success).toBe(true);
  });

  it('memory hook text joins user and assistant text with newlines and skips tool results', () => {
    expect(memoryExtractionText([textMessage('user', 8, { label: 'hello ' }), resultMessage('c', 'tool'), textMessage('assistant', 6, { label: 'reply ' })])).toBe('hello xx\nreply ');
  });
});
