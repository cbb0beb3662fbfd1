import { describe, expect, it } from 'vitest';
import { messageText } from '../../tokens/message-text';
import { buildPinnedOperative, pinBudgetChars } from '../../pins/pinned-operative';
import { defaultPinnedBlockHeader } from '../../pins/pin-framing-prompts';
import { callMessage, resultMessage, textMessage } from '../auto-compactor/auto-compactor.test-support';
import { allStagesOff, conversation, pinLine, runUnifiedWith, testConfig } from './unified.test-support';

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

  it('U31: a split turn whose two calls both copy the pinned block holds it once, where the auto-compactor (as upstream) holds it twice', async () => {
    const block = buildPinnedOperative(testConfig().operativeSkills, pinBudgetChars, 'lab')?.block ?? '';
    // u a u call result a, forced with keep 1000: the cut lands on the last assistant (under the budget), inside the second turn.
    const messages = [textMessage('user', 4040), textMessage('assistant', 4040), textMessage('user', 4040), callMessage('c1', 'bash', { command: 'ls' }), resultMessage('c1', 'z'.repeat(4040)), textMessage('assistant', 3040)];
    const history = `## Goal\nship it\n\n## Critical Context\n${block}`;
    const prefix = `## Turn\nwas editing x.ts\n\n${block}`;
    const { result, smol } = await runUnifiedWith(messages, { config: { ...allStagesOff, summary: true, force: true, summarizerWindowTokens: 100_000 }, smol: [{ text: history }, { text: prefix }] });
    expect(smol.requests).toHaveLength(2);
    const summary = result.passes[0].summary ?? '';
    const occurrences = (part: string) => summary.split(part).length - 1;
    expect(occurrences(defaultPinnedBlockHeader)).toBe(1);
    expect(occurrences(pinLine)).toBe(1);
    expect(summary).toContain('was editing x.ts');
  });
});
