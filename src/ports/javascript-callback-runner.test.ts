import { describe, expect, it } from 'vitest';
import { callbackTimeoutError, createJavaScriptCallbackRunner } from './javascript-callback-runner';

describe('the JavaScript callback runner', () => {
  const runner = createJavaScriptCallbackRunner();

  it('runs a mask, compress and custom callback from source text', async () => {
    const messages = [{ role: 'tool', content: 'a long output' }];
    await expect(runner.runMask('messages => messages.map((message) => "[masked " + message.role + "]")', messages)).resolves.toEqual(['[masked tool]']);
    await expect(runner.runCompress('({ output, max_chars }) => output.slice(0, max_chars)', { tool_name: 'bash', output: 'abcdef', max_chars: 3 })).resolves.toBe('abc');
    await expect(runner.runCustom('async (messages) => ({ summary: `kept ${messages.length}` })', messages)).resolves.toEqual({ summary: 'kept 1' });
  });

  it('hands the callback a copy, so it cannot change the engine data', async () => {
    const messages = [{ role: 'tool', content: 'original' }];
    await runner.runMask('messages => { messages[0].content = "changed"; return [] }', messages);
    expect(messages[0].content).toBe('original');
  });

  it('says what is wrong with source that is not a function', async () => {
    await expect(runner.runMask('42', [])).rejects.toThrow('must be a function expression');
    await expect(runner.runMask('messages => {', [])).rejects.toThrow('does not compile');
  });

  it('fails a call that outlasts its budget with a timeout, and clears the timer of one that finishes (issue 14 item 13)', async () => {
    const budgeted = createJavaScriptCallbackRunner({ budgetMs: 50 });
    await expect(budgeted.runCustom('messages => new Promise(() => {})', [])).rejects.toThrow('timed out: the callback did not finish within its 0.05 s budget');
    await expect(budgeted.runCustom('async messages => messages.length', [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }])).resolves.toBe(2);
  });

  it('runs the synchronous part through the deadline it is given', async () => {
    const calls: number[] = [];
    const guarded = createJavaScriptCallbackRunner({
      budgetMs: 70,
      deadline: (_call, budgetMs) => {
        calls.push(budgetMs);
        throw callbackTimeoutError(budgetMs);
      },
    });
    await expect(guarded.runMask('messages => []', [])).rejects.toThrow('within its 0.07 s budget');
    expect(calls).toEqual([70]);
  });
});
