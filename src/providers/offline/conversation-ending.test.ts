import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../engine';
import { profileMeta } from '../../engine/profiles/meta';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { corpusBeforeCompaction } from './corpus-session.test-support';
import { recordRun } from './profile-requests.test-support';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await loadTokenCounter('o200k_base');
});

// A serialized tool call as the ADK seed's `qa` text and Harn's list with its calls summarized write it.
/** The item lines under the first heading that matches, list markers taken off. */
function itemsUnder(text: string, heading: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && heading.test(line));
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && /^#{2,3} /.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line.startsWith('- ')).map((line) => line.slice(2));
}

const quotedCall = /ending: "[A-Za-z_][\w.-]{0,63} \{"/;

describe('how the summarized part ends (issue 26)', () => {
  it('never takes a tool call written inside the assistant turn for the agent\'s closing reply', async () => {
    // A real session whose compacted part ends on the agent's tool calls: the two profiles that write calls as
    // `Name {json}` lines inside the assistant's turn, sized like the agent's summary, send it ending on one.
    const before = corpusBeforeCompaction('claude-code__entire-545b45d4-729e-4d0b-8e6b-45cb65d43f00.jsonl');
    for (const profile of ['rolling-summary', 'two-tier'] as const) {
      const run = await recordRun(before, { profile, ...profileMeta[profile].sizedLike(3000) }, counter, 3000);
      expect(run.calls.length).toBeGreaterThan(0);
      for (const { request, summary } of run.calls) {
        expect(String(request.prompt).trimEnd().split('\n').at(-1)).toMatch(/^(?:ASSISTANT: )?[A-Za-z_][\w.-]{0,63} \{"/);
        expect(summary).not.toMatch(quotedCall);
        // The part ended mid-work: the request is still pending and the next step carries on with it.
        expect(summary).not.toContain('The agent had answered the latest request');
        expect(summary).toMatch(/Carry on with the latest request/);
      }
    }
  });

  it('leaves the latest request pending when the reply closes on what the agent does next, as the next step reads it', async () => {
    // A real session whose compacted part (rolling-summary, sized like the agent's summary) ends on the agent's
    // "Let me check the agent-specific hook name constants:": a plan, not an answer.
    const before = corpusBeforeCompaction('claude-code__entire-062a8bdd-4322-4ffa-bc38-3e8b8bfb5a56.jsonl');
    const run = await recordRun(before, { profile: 'rolling-summary', ...profileMeta['rolling-summary'].sizedLike(3000) }, counter, 3000);
    const [{ summary }] = run.calls.slice(-1);
    expect(itemsUnder(summary, /Next Step/)[0]).toMatch(/^Carry on with the latest request \("and let's think about how we consolidate/);
    expect(itemsUnder(summary, /Pending Tasks/)).toContainEqual(expect.stringMatching(/^Latest request, not shown finished: "and let's think about how we consolidate/));
  });
});
