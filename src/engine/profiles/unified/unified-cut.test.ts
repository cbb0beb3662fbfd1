import { describe, expect, it } from 'vitest';
import { messageText } from '../../tokens/message-text';
import { callMessage, message, resultMessage } from '../auto-compactor/auto-compactor.test-support';
import { allStagesOff, conversation, runUnifiedWith } from './unified.test-support';

/** Ten ordinary turns, then a request whose tool answered with about 10,800 characters: the session ends on that result. */
function endingWithLargeResult() {
  return [
    ...conversation(10),
    message('user', [{ kind: 'text', text: 'read the whole log' }], { id: 'last-user' }),
    callMessage('c-last', 'bash', { command: 'cat build.log' }, 'last-call'),
    resultMessage('c-last', 'log line\n'.repeat(1200), 'last-result'),
  ];
}

describe('unified: a kept tail smaller than the newest message', () => {
  it('U33: still compacts — the older messages are summarized by the summarizer, the newest call and its result kept', async () => {
    const source = endingWithLargeResult();
    const { result, smol, main, events } = await runUnifiedWith(source, { config: { force: true, keepRecentTokens: 100 } });
    const pass = result.passes[0];
    expect(smol.requests.length + main.requests.length).toBeGreaterThan(0);
    expect(result.summarizerCalls).toBeGreaterThan(0);
    expect(pass.strategy).toContain('llm-summary');
    expect(events.some((event) => event.type === 'fallback' && event.to === 'local-trim')).toBe(false);
    expect(pass.fates['t1-user']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(pass.fates['t10-reply']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    // The shortest tail that starts on a valid cut: the newest call and its (large) result.
    expect(pass.fates['last-call']).toEqual({ kind: 'kept' });
    expect(pass.fates['last-result']).toEqual({ kind: 'kept' });
    expect(pass.messages.map((kept) => kept.id)).toContain('last-result');
  });
});

describe('unified: the local-trim marker says why there was no summary', () => {
  it('U32: with the summary stage off it says so, never that a summarizer endpoint was unavailable', async () => {
    const { result, events } = await runUnifiedWith(conversation(10), { config: { ...allStagesOff, localTrim: true, operativeSkills: [] } });
    const marker = messageText(result.passes[0].messages[0]);
    expect(marker).toContain('without a summary, because the summary stage is off (summary: false)');
    expect(marker).not.toContain('endpoint was unavailable');
    expect(result.summarizerCalls).toBe(0);
    expect(events.find((event) => event.type === 'fallback' && event.to === 'local-trim')).toMatchObject({ reason: 'still over the gate: the summary stage is off (summary: false)' });
  });
});
