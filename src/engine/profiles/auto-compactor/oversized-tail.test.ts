import { describe, expect, it } from 'vitest';
import { agentSummaryTokens, historyEndingInLargeResult, lastResultText } from '../oversized-tail.test-support';
import { runWith, textOf } from './auto-compactor.test-support';

const history = historyEndingInLargeResult();
// Sized like the agent's summary: half of it for the tail, a window no gate stands in the way of.
const sized = { window: 200_000, reserveTokens: 16_384, keepRecentTokens: Math.round(agentSummaryTokens / 2), force: true };
const summary = 'Summary of the whole session, the last edit to list/view.go included.';

describe('auto-compactor: a real history ending with a tool result larger than the kept tail', () => {
  it('D34 on real text: by default the seed\'s fallback keeps every message and summarizes none', async () => {
    const { result } = await runWith(history, { config: sized, main: [{ text: summary }], isMeasured: true });
    const fates = Object.values(result.passes[0].fates);
    expect(fates.every((fate) => fate.kind === 'kept')).toBe(true);
    expect(result.passes[0].messages.map((message) => message.id)).toEqual(expect.arrayContaining(history.map((message) => message.id)));
  });

  it('D36: with oversizedTail summarize-oversized the summary takes everything, the large result too, and the context is the summary', async () => {
    const { result, main } = await runWith(history, { config: { ...sized, oversizedTail: 'summarize-oversized' }, main: [{ text: summary }], isMeasured: true });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    for (const message of history) expect(pass.fates[message.id], message.id).toEqual({ kind: 'summarized', summaryId: 'auto-compactor-p1-summary' });
    // The summarizer was given what the tail could not hold: the edit's result, word for word.
    const resultText = lastResultText(history);
    expect(resultText.length).toBeGreaterThan(4 * sized.keepRecentTokens);
    expect(main.requests[0].prompt).toContain(resultText.slice(0, 200));
    expect(pass.messages).toHaveLength(1);
    expect(textOf(pass.messages[0])).toContain(summary);
    expect(pass.flags).not.toContain('no-op');
  });
});
