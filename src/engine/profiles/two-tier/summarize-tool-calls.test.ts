import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import { historyEndingInLargeResult, lastResultText } from '../oversized-tail.test-support';
import { runProfile } from './run-harness.test-support';

const history = historyEndingInLargeResult();
// Sized like the agent's summary: everything summarized by the LLM strategy, the gate at its lowest.
const sized = { compactStrategy: 'llm', keepLast: 0, tokenThreshold: 0, hardLimitTokens: null };

/** The prompt the LLM strategy sends for the real history, with the given config over the sized one. */
async function promptFor(config: Record<string, unknown>): Promise<string> {
  const summarizer = scriptedSummarizer([{ text: 'the summary' }], new FakeClock());
  const { result } = await runProfile(history, { ...sized, ...config }, { summarizer });
  expect(result.success).toBe(true);
  for (const message of history) expect(result.passes[0].fates[message.id].kind, message.id).toBe('summarized');
  return summarizer.requests[0].prompt;
}

describe('two-tier: the LLM prompt on a real history ending with a large edit call and its result', () => {
  it('H29: by default lists role and content only, as harn does; summarizeToolCalls adds each call after its message', async () => {
    const lastCall = history[history.length - 2].blocks.find((block) => block.kind === 'tool_call');
    if (lastCall?.kind !== 'tool_call') throw new Error('the fixture\'s history ends with a call and its result');
    const shown = `${lastCall.name} ${lastCall.argsRaw.slice(0, 200)}`;
    const harn = await promptFor({});
    // The edit's result is in both: the summary takes what no tail keeps (keepLast 0).
    expect(harn).toContain(lastResultText(history).slice(0, 200));
    expect(harn).not.toContain(shown);
    const withCalls = await promptFor({ summarizeToolCalls: true });
    expect(withCalls).toContain(lastResultText(history).slice(0, 200));
    expect(withCalls).toContain(`ASSISTANT: ${shown}\nTOOL: `);
    expect(withCalls).not.toContain(lastCall.argsRaw.slice(0, 201));
  });
});
