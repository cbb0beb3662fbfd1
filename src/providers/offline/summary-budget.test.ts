import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { corpusBeforeCompaction } from './corpus-session.test-support';
import { fixtureMessages } from './conversation-prompt.test-support';
import { recordRun } from './profile-requests.test-support';
import { summarizeOffline } from './offline-summarizer';

const twoTierLlm = { profile: 'two-tier', compactStrategy: 'llm', keepLast: 0, tokenThreshold: 0 };

// A real session of the development corpus (e2e/fixtures/compactions, see its NOTICE.md), cut where Claude Code
// compacted it; its own summary there held 3,206 tokens.
const session = 'claude-code__entire-062a8bdd-4322-4ffa-bc38-3e8b8bfb5a56.jsonl';
const agentSummaryTokens = 3206;

describe('offline summary budget (issue 26 items 2 and 5)', () => {
  it('gives two-tier\'s LLM strategy a larger summary at a budget of 2S than at S, and fills S', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const before = corpusBeforeCompaction(session);
    const [atS] = (await recordRun(before, twoTierLlm, counter, agentSummaryTokens)).calls;
    const [at2S] = (await recordRun(before, twoTierLlm, counter, 2 * agentSummaryTokens)).calls;
    const [small, large] = [counter.count(atS.summary), counter.count(at2S.summary)];
    expect(small).toBeLessThanOrEqual(agentSummaryTokens);
    expect(small).toBeGreaterThan(0.9 * agentSummaryTokens);
    expect(large).toBeLessThanOrEqual(2 * agentSummaryTokens);
    // Its input (results only: the LLM strategy's transcript holds no calls) has more to say than S holds.
    expect(large).toBeGreaterThan(1.15 * small);
  });

  it('keeps the quarter-of-the-input bound at the default budget only: an explicit budget may take up to the whole input', () => {
    const conversation = fixtureMessages().slice(0, 60).map((message) => message.blocks.map((block) => ('text' in block ? block.text : '')).join('\n')).join('\n\n');
    expect(summarizeOffline({ system: '', prompt: conversation }).length).toBeLessThanOrEqual(Math.max(conversation.length / 4, 2_300));
    expect(summarizeOffline({ system: '', prompt: conversation }, { summaryMaxTokens: 1_000_000 }).length).toBeLessThanOrEqual(conversation.length);
  });
});
