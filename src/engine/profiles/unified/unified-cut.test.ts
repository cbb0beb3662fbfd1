import { describe, expect, it } from 'vitest';
import { messageText } from '../../tokens/message-text';
import { callMessage, message, resultMessage } from '../auto-compactor/auto-compactor.test-support';
import { agentSummaryTokens, historyEndingInLargeResult, lastResultText } from '../oversized-tail.test-support';
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
  it('U33: still compacts — the summary takes everything, the newest call and its result too, since any tail would overrun the budget', async () => {
    const source = endingWithLargeResult();
    const { result, smol, main, events } = await runUnifiedWith(source, { config: { force: true, keepRecentTokens: 100 } });
    const pass = result.passes[0];
    expect(smol.requests.length + main.requests.length).toBeGreaterThan(0);
    expect(result.summarizerCalls).toBeGreaterThan(0);
    expect(pass.strategy).toContain('llm-summary');
    expect(events.some((event) => event.type === 'fallback' && event.to === 'local-trim')).toBe(false);
    for (const id of ['t1-user', 't10-reply', 'last-user', 'last-call', 'last-result']) expect(pass.fates[id], id).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(pass.messages.map((kept) => kept.id)).not.toContain('last-result');
  });

  it('U34: on a real history ending with an edit call and its result, each larger than the tail, the summary is given both and the context is the summary', async () => {
    const history = historyEndingInLargeResult();
    const keepRecentTokens = Math.round(agentSummaryTokens / 2);
    const summary = 'Summary of the whole session, the last edit included.';
    const { result, smol } = await runUnifiedWith(history, { config: { window: 200_000, reserveTokens: 16_384, hardLimitTokens: null, keepRecentTokens, force: true }, smol: [{ text: summary }] });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    for (const message of history) expect(['summarized', 'masked', 'microcompacted'], message.id).toContain(pass.fates[message.id].kind);
    expect(pass.fates[history[history.length - 1].id]).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    // The summarizer was given what the tail could not hold: the edit's result, word for word.
    expect(smol.requests[0].prompt).toContain(lastResultText(history).slice(0, 200));
    expect(pass.messages.filter((message) => message.origin !== 'summary' && message.origin !== 'injected')).toEqual([]);
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
