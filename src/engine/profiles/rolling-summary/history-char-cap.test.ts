import { describe, expect, it } from 'vitest';
import { messageText } from '../../tokens/message-text';
import { historyEndingInLargeResult } from '../oversized-tail.test-support';
import { rollingSummaryConfigSchema } from './rolling-summary-config';
import { runRollingSummary } from './rolling-summary-profile';
import { testPorts } from './rolling-summary.test-support';

const history = historyEndingInLargeResult();

/** The request the summarizer gets on the real history sized like the agent's summary, and the run's fates. */
async function sizedRun(overrides: Record<string, unknown>) {
  const { ports, summarizer } = testPorts();
  const config = rollingSummaryConfigSchema.parse({ summariseAtTokens: 0, keepVerbatim: 1, ...overrides });
  const result = await runRollingSummary({ messages: history, config, ports, onEvent: () => {} });
  expect(result.success).toBe(true);
  return { prompt: summarizer.requests[0].prompt, fates: result.passes[0].fates };
}

describe('rolling-summary: the request cap on a real history whose older region is over 12,000 characters', () => {
  it('T22: by default the request is cut to the seed\'s 12,000 characters; historyCharCap null hands the summarizer the whole older region', async () => {
    const capped = await sizedRun({});
    expect(capped.prompt).toHaveLength(12000);
    const whole = await sizedRun({ historyCharCap: null });
    expect(whole.prompt.length).toBeGreaterThan(12000);
    expect(whole.prompt.startsWith(capped.prompt)).toBe(true);
    // The user's newest request the summary replaces is in the request only without the cap.
    const summarized = history.filter((message) => whole.fates[message.id]?.kind === 'summarized' && message.origin === 'human' && messageText(message).trim().length > 40);
    const newest = messageText(summarized[summarized.length - 1]).trim().slice(0, 40);
    expect(capped.prompt).not.toContain(newest);
    expect(whole.prompt).toContain(newest);
    expect(Object.fromEntries(history.map((message) => [message.id, whole.fates[message.id]?.kind]))).toEqual(Object.fromEntries(history.map((message) => [message.id, capped.fates[message.id]?.kind])));
  });
});
