import { describe, expect, it } from 'vitest';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import { countMessageTokens } from '../tokens/accounting';
import { charsPerTokenCounter } from '../tokens/token-counter';
import { agentCompactions } from './agent-compactions';
import { compareWithAgent } from './compare-with-agent';
import { cutAtCompaction } from './cut-at-compaction';

const file = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const transcript = importText(readFixture(file), { fileName: file }).transcripts[0];
const cut = cutAtCompaction(transcript, agentCompactions(transcript)[0]);
const count = charsPerTokenCounter();

describe('compareWithAgent on the real Claude Code compaction', () => {
  // The profile stands in here as "kept the last 20 messages verbatim".
  const recent = cut.before.messages.slice(-20);
  const report = compareWithAgent({ cut, profileContext: recent, count });

  it('names the boundary, the summary’s size and the basis of every token figure', () => {
    const summaryTokens = countMessageTokens(cut.agentContext[0], count);
    expect(report.boundary).toEqual({ index: 1, atMessage: 288, agentSummaryTokens: summaryTokens, isReadable: true });
    expect(report.agent.tokens).toBe(summaryTokens);
    expect(report.profile.tokens).toBe(recent.reduce((sum, message) => sum + countMessageTokens(message, count), 0));
    expect(report.basis).toEqual({ encoding: 'cl100k_base', isEstimate: true, description: expect.stringMatching(/^estimated cl100k_base tokens/) });
  });

  it('measures both sides against the same needed facts; each lost fact points at where the agent used it', () => {
    expect(report.agent.needed).toBeGreaterThan(10);
    expect(report.profile.needed).toBe(report.agent.needed);
    expect(report.agent.needRetention).toBeCloseTo(report.agent.kept / report.agent.needed);
    // Claude Code's own summary keeps most of what the agent needed; the last 20 messages alone keep less.
    expect(report.agent.needRetention).toBeGreaterThan(0.5);
    expect(report.profile.needRetention).toBeLessThan(report.agent.needRetention);
    const afterIds = new Set(cut.after.map((message) => message.id));
    for (const fact of [...report.agent.lost, ...report.profile.lost]) {
      expect(fact.usedAt.length).toBeGreaterThan(0);
      for (const id of fact.usedAt) expect(afterIds.has(id)).toBe(true);
    }
    const byCategoryTotal = Object.values(report.agent.byCategory).reduce((sum, category) => sum + category.total, 0);
    expect(byCategoryTotal).toBe(report.agent.needed);
  });

  it('checks the agent’s first five actions against each context', () => {
    expect(report.agent.nextActions.total).toBe(5);
    expect(report.agent.nextActions.actions.map((action) => action.target)).toEqual(report.profile.nextActions.actions.map((action) => action.target));
    expect(report.agent.nextActions.found).toBe(report.agent.nextActions.actions.filter((action) => action.isInContext).length);
  });

  it('scores a profile that kept exactly the agent’s context exactly like the agent', () => {
    const same = compareWithAgent({ cut, profileContext: cut.agentContext, count });
    expect(same.profile).toEqual(same.agent);
  });

  it('scores an empty context at 0, every needed fact lost', () => {
    const empty = compareWithAgent({ cut, profileContext: [], count });
    expect(empty.profile).toMatchObject({ tokens: 0, needRetention: 0, kept: 0 });
    expect(empty.profile.lost).toHaveLength(empty.profile.needed);
  });
});
