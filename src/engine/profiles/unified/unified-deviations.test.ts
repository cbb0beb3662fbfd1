import { describe, expect, it } from 'vitest';
import { messageText } from '../../tokens/message-text';
import { textMessage } from '../auto-compactor/auto-compactor.test-support';
import { allStagesOff, conversation, runUnifiedWith } from './unified.test-support';

describe('unified: where it departs from the seeds it composes (upstream-deviations.ts)', () => {
  it('U26: a pinned line is one line — its line break folded into a space — in the summarizer’s pinned block', async () => {
    const operativeSkills = [{ name: 'release', operative: ['Tag\nreleases before pushing'], isRead: true }];
    const { smol } = await runUnifiedWith(conversation(10), { config: { operativeSkills } });
    expect(smol.requests.length).toBeGreaterThan(0);
    expect(smol.requests[0].prompt).toContain('Tag releases before pushing');
    expect(smol.requests[0].prompt).not.toContain('Tag\nreleases');
  });

  it('U27: when even the newest message is over keepRecentTokens, the local trim keeps its marker alone and drops the rest', async () => {
    const messages = [...conversation(6), textMessage('user', 8000, { id: 'huge' })];
    const { result } = await runUnifiedWith(messages, { config: { ...allStagesOff, localTrim: true, keepRecentTokens: 500, operativeSkills: [] } });
    const [pass] = result.passes;
    expect(pass.strategy).toBe('local-trim');
    expect(pass.fates.huge).toEqual({ kind: 'trimmed' });
    expect(pass.messages).toHaveLength(1);
    expect(messageText(pass.messages[0])).toMatch(/trim/i);
  });

  it('U28: the summary is capped at 0.8 × reserveTokens, where the Dart compactor sends no cap', async () => {
    const { smol } = await runUnifiedWith(conversation(10), { config: { reserveTokens: 1000 } });
    expect(smol.requests.length).toBeGreaterThan(0);
    expect(smol.requests[0].maxOutputTokens).toBe(800);
  });
});
